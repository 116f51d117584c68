import { Alert, Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import type { ImageFolder } from '../editable-table/types';
import {
  CROP_BOUNDARY,
  CROP_VIEWPORT,
  cropToPng,
  IMAGE_UPLOAD_ERROR,
  IMAGE_WORKING_ERROR,
  pngName,
  uploadImage,
  type ImageValue,
} from './image';

export interface CropDialogProps {
  /** Object URL of the chosen file; the dialog is open while it is set. */
  src: string | null;
  fileName: string;
  folder: ImageFolder;
  onDone: (value: ImageValue) => void;
  onCancel: () => void;
  /** Replaceable in tests (jsdom has no canvas). */
  crop?: (src: string, area: Area) => Promise<string>;
}

/** Crops a chosen picture in the browser (200×200 viewport in a 500×500 boundary) and uploads the PNG. */
export function CropDialog({ src, fileName, folder, onDone, onCancel, crop = cropToPng }: CropDialogProps) {
  const { t } = useTranslation();
  const [position, setPosition] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setPosition({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setBusy(false);
    setError(null);
  };

  const apply = async () => {
    if (!src || !area) return;
    setBusy(true);
    setError(null);
    let dataUrl: string;
    try {
      dataUrl = await crop(src, area);
    } catch (cause) {
      console.error(IMAGE_WORKING_ERROR, cause);
      setError(t('table.image.workingError'));
      setBusy(false);
      return;
    }
    try {
      const value = await uploadImage(folder, pngName(fileName), dataUrl);
      reset();
      onDone(value);
    } catch (cause) {
      console.error(IMAGE_UPLOAD_ERROR, cause);
      const detail = cause instanceof Error ? cause.message : '';
      setError(detail ? `${t('table.image.uploadError')}: ${detail}` : t('table.image.uploadError'));
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={src !== null}
      onClose={() => {
        if (busy) return;
        reset();
        onCancel();
      }}
      title={t('table.image.cropTitle')}
      size={CROP_BOUNDARY.width + 40}
      closeOnClickOutside={false}
    >
      <Stack gap="sm">
        <Box
          pos="relative"
          w="100%"
          maw={CROP_BOUNDARY.width}
          h={CROP_BOUNDARY.height}
          mx="auto"
          bg="dark.6"
          data-testid="image-crop-area"
        >
          {src && (
            <Cropper
              image={src}
              crop={position}
              zoom={zoom}
              aspect={CROP_VIEWPORT.width / CROP_VIEWPORT.height}
              cropSize={CROP_VIEWPORT}
              minZoom={0.2}
              restrictPosition={false}
              onCropChange={setPosition}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          )}
        </Box>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" id="image-crop-zoom">
            {t('table.image.zoom')}
          </Text>
          <Slider
            flex={1}
            min={0.2}
            max={4}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            thumbProps={{ 'aria-labelledby': 'image-crop-zoom' }}
            label={(value) => value.toFixed(2)}
          />
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              reset();
              onCancel();
            }}
            disabled={busy}
          >
            {t('table.cancel')}
          </Button>
          <Button onClick={() => void apply()} loading={busy} disabled={!area} data-testid="image-crop-apply">
            {t('table.image.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
