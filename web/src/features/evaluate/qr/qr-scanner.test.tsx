import type { SearchResultPage } from '@dp/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FILTER_TARGET_KEY } from '../evaluate-storage';
import { decodeQrFromCanvas } from './decode-qr';
import { QrScanButton } from './qr-scanner';
import { bodiesSentTo, json, stubFetch } from '../../../test/fetch-stub';

// The decoder has its own test with real QR images; here it reads whatever the test says is in view.
vi.mock('./decode-qr', () => ({ decodeQrFromCanvas: vi.fn(() => null) }));
const decode = vi.mocked(decodeQrFromCanvas);

let fetchMock: Mock<typeof fetch>;
const track = { stop: vi.fn() };
const stream = { getTracks: () => [track] } as unknown as MediaStream;

function setCamera(getUserMedia: (() => Promise<MediaStream>) | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: getUserMedia && { getUserMedia: vi.fn(getUserMedia) },
  });
}

const FULL_PAGE = '/api/search/full/page';
const noResults: SearchResultPage = { results: [], next: null };

function answerSearch(page: SearchResultPage | Promise<SearchResultPage>) {
  fetchMock.mockImplementation(async () => json(200, await page));
}

/** The words the full search was called with; every call is a first page of one result, and none goes elsewhere. */
const searchedWords = () => {
  const bodies = bodiesSentTo(fetchMock, FULL_PAGE) as { word: string }[];
  expect(bodies).toHaveLength(fetchMock.mock.calls.length);
  expect(bodies).toEqual(bodies.map(({ word }) => ({ word, limit: 1 })));
  return bodies.map(({ word }) => word);
};

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderScanner() {
  renderWithProviders(
    <Routes>
      <Route path="/evaluate" element={<QrScanButton />} />
      <Route path="/evaluate/:browser" element={<Location />} />
    </Routes>,
    { route: '/evaluate' },
  );
}

async function openScanner() {
  renderScanner();
  await userEvent.click(screen.getByRole('button', { name: 'Scan QR code' }));
  expect(await screen.findByRole('dialog', { name: 'Scan QR Code' })).toBeInTheDocument();
}

const context = { drawImage: vi.fn() };

beforeAll(async () => {
  // The modal and its view load lazily; loading them once here keeps the first test within findBy's time-out.
  await Promise.all([import('./qr-scan-modal'), import('./qr-scan-view')]);
});

beforeEach(() => {
  sessionStorage.clear();
  track.stop.mockClear();
  context.drawImage.mockClear();
  decode.mockReset().mockReturnValue(null);
  fetchMock = stubFetch();
  // jsdom has neither video frames nor a canvas: a 640×480 picture that is always ready.
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.restoreAllMocks();
});

describe('QrScanButton', () => {
  it('warns when the camera is refused', async () => {
    setCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await openScanner();
    expect(await screen.findByTestId('qr-no-camera')).toHaveTextContent(
      'Unable to access video stream (please make sure you have a webcam enabled)',
    );
  });

  it('warns when the browser offers no camera API at all', async () => {
    setCamera(undefined);
    await openScanner();
    expect(await screen.findByTestId('qr-no-camera')).toBeInTheDocument();
  });

  it('asks for the rear camera and stops it when Cancel closes the modal', async () => {
    setCamera(() => Promise.resolve(stream));
    await openScanner();
    expect(await screen.findByLabelText('Camera picture')).toBeInTheDocument();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment' },
      audio: false,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(track.stop).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stops a camera that answers only after the modal was closed', async () => {
    let grant: (granted: MediaStream) => void = () => {};
    setCamera(() => new Promise((resolve) => (grant = resolve)));
    await openScanner();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    grant(stream);
    await waitFor(() => expect(track.stop).toHaveBeenCalledOnce());
  });

  it('looks up the second line of a code and opens the first result, decoding a centred 350×350 crop', async () => {
    setCamera(() => Promise.resolve(stream));
    answerSearch({
      results: [
        { parent: 'Door Control', href: '/api/systems/versions/3', name: '2.1', name2: null, type: 'System' },
        // Sorted by the web, this one would come first: the server's first result is opened as it is.
        { parent: 'Door Control', href: '/api/systems/versions/2', name: '1.0', name2: null, type: 'System' },
      ],
      next: 'more',
    });
    await openScanner();
    decode.mockReturnValue('Digital Portfolio\r\nDoor Control 2.1');

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/evaluate/system-compatibility-browser?data=Door+Control+2.1',
      ),
    );
    expect(bodiesSentTo(fetchMock, FULL_PAGE)).toEqual([{ word: 'Door Control 2.1', limit: 1 }]);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(searchedWords()).toEqual(['Door Control 2.1']);
    expect(context.drawImage).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 145, 65, 350, 350, 0, 0, 350, 350);
    expect(sessionStorage.getItem(FILTER_TARGET_KEY)).toBe('/api/systems/versions/3');
    expect(track.stop).toHaveBeenCalledOnce();
  });

  it('says a code without a second line was not recognized, without searching', async () => {
    setCamera(() => Promise.resolve(stream));
    await openScanner();
    decode.mockReturnValue('just one line');
    expect(await screen.findByTestId('qr-message')).toHaveTextContent('QR code was not recognized');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the entity was not found when the search has no results', async () => {
    setCamera(() => Promise.resolve(stream));
    answerSearch(noResults);
    await openScanner();
    decode.mockReturnValue('Label\nUnknown part');
    expect(await screen.findByTestId('qr-message')).toHaveTextContent('Entity was not found');
    // The same code stays in view: it is not looked up again on every frame.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(searchedWords()).toEqual(['Unknown part']);
    // Taken out of view and shown again, it is looked up again.
    decode.mockReturnValue(null);
    await new Promise((resolve) => setTimeout(resolve, 600));
    decode.mockReturnValue('Label\nUnknown part');
    await waitFor(() => expect(searchedWords()).toEqual(['Unknown part', 'Unknown part']));
  });

  it('ignores new codes while a lookup runs', async () => {
    setCamera(() => Promise.resolve(stream));
    let finish: (page: SearchResultPage) => void = () => {};
    answerSearch(new Promise((resolve) => (finish = resolve)));
    await openScanner();
    let frame = 0;
    decode.mockImplementation(() => `Label\nPart ${++frame}`);

    expect(await screen.findByText('Looking up the entity…')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(searchedWords()).toEqual(['Part 1']);
    finish(noResults);
    expect(await screen.findByTestId('qr-message')).toHaveTextContent('Entity was not found');
  });
});
