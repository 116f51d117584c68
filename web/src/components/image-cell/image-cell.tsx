import { ActionIcon, Anchor, FileButton, Group, Image, Loader, Text, Tooltip } from '@mantine/core';
import { IconPhotoEdit, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { Suspense, useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../lib/lazy-named';
import type { ImageFolder } from '../editable-table/types';
import type { CropDialogProps } from './crop-dialog';
import { isImageValue, type ImageValue } from './image';

// The cropper loads the first time someone chooses a picture: tables that only show pictures go without it.
const CropDialog = lazyNamed(() => import('./crop-dialog'), 'CropDialog');

export interface ImageCellProps {
  value: unknown;
  /** Given: the cell can choose, crop, upload and remove a picture. */
  onChange?: (value: ImageValue | null) => void;
  folder?: ImageFolder;
  /** What the picture shows (the column name), for the alternative text and the buttons. */
  label: string;
  /** Replaceable in tests (jsdom has no canvas). */
  crop?: CropDialogProps['crop'];
}

const THUMB_HEIGHT = 40;

/** A picture in a table cell: a thumbnail linking to the original; in edit mode a chooser with crop and upload. */
export function ImageCell({ value, onChange, folder = 'systems', label, crop }: ImageCellProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<{ src: string; name: string } | null>(null);
  const image = isImageValue(value) ? value : null;

  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.src);
    },
    [chosen],
  );

  const thumbnail = image ? (
    <Anchor href={image.original} target="_blank" rel="noreferrer" aria-label={t('table.image.open')}>
      <Image src={image.thumbnail} alt={label} h={THUMB_HEIGHT} w="auto" fit="contain" radius="xs" />
    </Anchor>
  ) : (
    <Text size="xs" c="dimmed">
      {t('table.image.none')}
    </Text>
  );
  if (!onChange) return thumbnail;

  return (
    <Group gap={2} wrap="wrap">
      {thumbnail}
      <FileButton
        accept="image/png,image/jpeg,image/gif,image/webp"
        onChange={(file) => file && setChosen({ src: URL.createObjectURL(file), name: file.name })}
        inputProps={
          {
            'aria-label': `${label}: ${t('table.image.choose')}`,
            'data-testid': 'image-cell-input',
          } as ComponentProps<'input'>
        }
      >
        {(props) => (
          <Tooltip label={image ? t('table.image.change') : t('table.image.choose')}>
            <ActionIcon
              variant="subtle"
              aria-label={image ? t('table.image.change') : t('table.image.choose')}
              {...props}
            >
              {image ? <IconPhotoEdit size={18} aria-hidden /> : <IconPhotoPlus size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </FileButton>
      {image && (
        <Tooltip label={t('table.image.remove')}>
          <ActionIcon variant="subtle" color="red" aria-label={t('table.image.remove')} onClick={() => onChange(null)}>
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {chosen && (
        <Suspense fallback={<Loader size="xs" role="status" aria-label={t('app.loading')} />}>
          <CropDialog
            src={chosen.src}
            fileName={chosen.name}
            folder={folder}
            crop={crop}
            onCancel={() => setChosen(null)}
            onDone={(uploaded) => {
              setChosen(null);
              onChange(uploaded);
            }}
          />
        </Suspense>
      )}
    </Group>
  );
}
