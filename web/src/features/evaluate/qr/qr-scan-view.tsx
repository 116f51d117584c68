import type { SearchResult } from '@dp/contract';
import { Alert, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFullSearch } from '../search/api/full-search';
import { decodeQrFromCanvas } from './decode-qr';
import { qrLookupKey } from './qr-lookup-key';
import classes from './qr-scanner.module.css';
import { useCameraStream } from './use-camera-stream';

const SCAN_INTERVAL_MS = 250;
/** The decoded crop is at most this wide and high (SPEC 9), taken from the middle of the picture. */
const CAPTURE_MAX = 350;

/** Draws the middle of the current video frame, at most CAPTURE_MAX square, on `canvas`; false without a frame. */
function captureCentre(video: HTMLVideoElement, canvas: HTMLCanvasElement): boolean {
  const width = Math.min(CAPTURE_MAX, video.videoWidth);
  const height = Math.min(CAPTURE_MAX, video.videoHeight);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (width === 0 || height === 0 || !context) return false;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  context.drawImage(
    video,
    (video.videoWidth - width) / 2,
    (video.videoHeight - height) / 2,
    width,
    height,
    0,
    0,
    width,
    height,
  );
  return true;
}

type Message = 'notRecognized' | 'notFound';

/**
 * The camera picture with the scan frame. Decodes the middle of the picture every 250 ms and looks the
 * code's second line up; the first result is handed to `onFound`. Mounted only while the modal is open,
 * so unmounting stops the camera.
 */
export function QrScanView({ onFound }: { onFound: (result: SearchResult) => void }) {
  const { t } = useTranslation();
  const camera = useCameraStream();
  const stream = camera.status === 'ready' ? camera.stream : null;
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  // True while a lookup runs: new codes are ignored until it has finished (SPEC 5).
  const busy = useRef(false);
  // A code whose answer is on screen is not looked up again on every frame it stays in view; once it
  // has left the view, showing it again asks again (e.g. after a failed lookup).
  const lastScanned = useRef<string | null>(null);
  const [frame, setFrame] = useState<{ width: string; height: string } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  // Only the first result is opened: a page of one.
  const lookup = useFullSearch(1);

  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = stream;
  }, [stream]);

  const scan = useEffectEvent(() => {
    const video = videoRef.current;
    if (busy.current || !video || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
    canvasRef.current ??= document.createElement('canvas');
    const canvas = canvasRef.current;
    const captured = captureCentre(video, canvas);
    const scanned = captured && decodeQrFromCanvas(canvas);
    if (!scanned) {
      if (captured) lastScanned.current = null;
      return;
    }
    if (scanned === lastScanned.current) return;
    lastScanned.current = scanned;
    const key = qrLookupKey(scanned);
    if (!key) return setMessage('notRecognized');
    busy.current = true;
    setMessage(null);
    lookup.mutate(key, {
      onSuccess: ({ results: [first] }) => {
        if (first) onFound(first);
        else setMessage('notFound');
      },
      onError: () => setMessage('notFound'),
      onSettled: () => {
        busy.current = false;
      },
    });
  });

  useEffect(() => {
    if (!stream) return;
    const timer = window.setInterval(scan, SCAN_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [stream]);

  const markFrame = (video: HTMLVideoElement) => {
    const { videoWidth, videoHeight } = video;
    if (videoWidth === 0 || videoHeight === 0) return;
    setFrame({
      width: `${(Math.min(CAPTURE_MAX, videoWidth) / videoWidth) * 100}%`,
      height: `${(Math.min(CAPTURE_MAX, videoHeight) / videoHeight) * 100}%`,
    });
  };

  if (camera.status === 'failed') {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} data-testid="qr-no-camera">
        {t('search.qr.noCamera')}
      </Alert>
    );
  }

  return (
    <Stack gap="sm">
      {camera.status === 'starting' && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('search.qr.starting')}</Text>
        </Group>
      )}
      {stream && (
        <>
          <Box pos="relative">
            <video
              ref={videoRef}
              autoPlay
              muted
              playsInline
              aria-label={t('search.qr.video')}
              style={{ display: 'block', width: '100%' }}
              onLoadedMetadata={(event) => markFrame(event.currentTarget)}
              onResize={(event) => markFrame(event.currentTarget)}
            />
            {frame && (
              <div className={classes.frame} style={frame} aria-hidden data-testid="qr-frame">
                <span className={`${classes.corner} ${classes.topLeft}`} />
                <span className={`${classes.corner} ${classes.topRight}`} />
                <span className={`${classes.corner} ${classes.bottomLeft}`} />
                <span className={`${classes.corner} ${classes.bottomRight}`} />
              </div>
            )}
          </Box>
          <Text size="sm" c="dimmed">
            {t('search.qr.aim')}
          </Text>
        </>
      )}
      {lookup.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('search.qr.searching')}</Text>
        </Group>
      )}
      {message && (
        <Alert color="red" data-testid="qr-message">
          {t(`search.qr.${message}`)}
        </Alert>
      )}
    </Stack>
  );
}
