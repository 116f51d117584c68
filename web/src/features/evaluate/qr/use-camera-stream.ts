import { useEffect, useState } from 'react';

export type CameraState = { status: 'starting' } | { status: 'ready'; stream: MediaStream } | { status: 'failed' };

/** Missing outside secure contexts (plain http) and in old browsers, whatever the DOM types say. */
function cameraApi(): MediaDevices | undefined {
  const media = (navigator as Partial<Navigator>).mediaDevices;
  return typeof media?.getUserMedia === 'function' ? media : undefined;
}

function stop(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * The rear camera's video stream while the calling component is mounted; every track is stopped on
 * unmount, also when the stream arrives only after that. 'failed' without a camera, without
 * permission or without navigator.mediaDevices (plain http).
 */
export function useCameraStream(): CameraState {
  const [state, setState] = useState<CameraState>(() => (cameraApi() ? { status: 'starting' } : { status: 'failed' }));

  useEffect(() => {
    const media = cameraApi();
    if (!media) return;
    let released = false;
    let stream: MediaStream | null = null;
    media.getUserMedia({ video: { facingMode: 'environment' }, audio: false }).then(
      (granted) => {
        if (released) return stop(granted);
        stream = granted;
        setState({ status: 'ready', stream: granted });
      },
      () => {
        if (!released) setState({ status: 'failed' });
      },
    );
    return () => {
      released = true;
      if (stream) stop(stream);
    };
  }, []);

  return state;
}
