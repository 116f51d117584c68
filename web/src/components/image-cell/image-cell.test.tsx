import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CropDialog } from './crop-dialog';
import { IMAGE_UPLOAD_ERROR, IMAGE_WORKING_ERROR, pngName, uploadImage } from './image';
import { ImageCell } from './image-cell';
import { json, stubFetch } from '../../test/fetch-stub';

let fetchMock: Mock<typeof fetch>;

/** jsdom loads no images: tell the cropper its picture arrived, with a size, so it reports a crop area. */
function loadPictureInCropper() {
  const img = screen.getByTestId('image-crop-area').querySelector('img')!;
  Object.defineProperty(img, 'naturalWidth', { value: 800 });
  Object.defineProperty(img, 'naturalHeight', { value: 600 });
  Object.defineProperty(img, 'width', { value: 500 });
  Object.defineProperty(img, 'height', { value: 375 });
  fireEvent.load(img);
}

beforeEach(() => {
  fetchMock = stubFetch();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  URL.createObjectURL = vi.fn(() => 'blob:picture');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('uploadImage', () => {
  it('posts folder, file name and the base64 without its data: prefix; the value is {original, thumbnail}', async () => {
    fetchMock.mockResolvedValue(
      json(201, {
        url: '/api/images/systems/a.jpg',
        thumbnail: '/api/images/systems/thumbnail_a.jpg',
        path: 'systems/a.jpg',
      }),
    );
    await expect(uploadImage('systems', 'a.png', 'data:image/png;base64,iVBORw0KGgo=')).resolves.toEqual({
      original: '/api/images/systems/a.jpg',
      thumbnail: '/api/images/systems/thumbnail_a.jpg',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/upload');
    expect(JSON.parse(String(init?.body))).toEqual({ folder: 'systems', filename: 'a.png', base64: 'iVBORw0KGgo=' });
  });

  it('names the upload after the chosen file, as PNG', () => {
    expect(pngName('Bremse vorn.JPG')).toBe('Bremse_vorn.png');
    expect(pngName('.jpg')).toBe('image.png');
  });
});

describe('ImageCell', () => {
  it('shows the thumbnail linked to the original in display mode', () => {
    renderWithProviders(
      <ImageCell
        value={{ original: '/api/images/systems/a.jpg', thumbnail: '/api/images/systems/t.jpg' }}
        label="Image"
      />,
    );
    expect(screen.getByRole('img', { name: 'Image' })).toHaveAttribute('src', '/api/images/systems/t.jpg');
    expect(screen.getByRole('link', { name: 'Open full image' })).toHaveAttribute('href', '/api/images/systems/a.jpg');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('chooses a file, crops it (200×200 in 500×500) and uploads the PNG', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const crop = vi.fn(async () => 'data:image/png;base64,AAAA');
    fetchMock.mockResolvedValue(
      json(201, {
        url: '/api/images/assemblies/b.jpg',
        thumbnail: '/api/images/assemblies/thumbnail_b.jpg',
        path: 'x',
      }),
    );
    renderWithProviders(<ImageCell value={null} onChange={onChange} label="Image" folder="assemblies" crop={crop} />);
    await user.upload(screen.getByTestId('image-cell-input'), new File(['png'], 'pic.png', { type: 'image/png' }));
    expect(await screen.findByRole('dialog', { name: 'Crop image' })).toBeInTheDocument();
    expect(screen.getByTestId('image-crop-area')).toHaveStyle({ height: 'calc(31.25rem * var(--mantine-scale))' });
    loadPictureInCropper();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Crop and upload' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Crop and upload' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({
        original: '/api/images/assemblies/b.jpg',
        thumbnail: '/api/images/assemblies/thumbnail_b.jpg',
      }),
    );
    expect(crop).toHaveBeenCalledWith(
      'blob:picture',
      expect.objectContaining({ width: expect.any(Number), height: expect.any(Number) }),
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      folder: 'assemblies',
      filename: 'pic.png',
      base64: 'AAAA',
    });
  });

  it("says 'Error while working with image occured' when cropping fails", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <CropDialog
        src="blob:picture"
        fileName="a.png"
        folder="systems"
        onDone={vi.fn()}
        onCancel={vi.fn()}
        crop={async () => Promise.reject(new Error('no canvas'))}
      />,
    );
    loadPictureInCropper();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Crop and upload' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Crop and upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMAGE_WORKING_ERROR);
    expect(fetchMock).not.toHaveBeenCalled();
    // The working state is cleared: the user can try again.
    expect(screen.getByRole('button', { name: 'Crop and upload' })).toBeEnabled();
  });

  it("says 'Error while uploading image' when the upload fails", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json(400, { statusCode: 400, error: 'Bad Request', message: 'The file is not an image.' }),
    );
    renderWithProviders(
      <CropDialog
        src="blob:picture"
        fileName="a.png"
        folder="systems"
        onDone={vi.fn()}
        onCancel={vi.fn()}
        crop={async () => 'data:image/png;base64,AAAA'}
      />,
    );
    loadPictureInCropper();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Crop and upload' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Crop and upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${IMAGE_UPLOAD_ERROR}: The file is not an image.`);
    expect(screen.getByRole('button', { name: 'Crop and upload' })).toBeEnabled();
  });
});
