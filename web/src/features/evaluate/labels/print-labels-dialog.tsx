import { LABELS_MAX, LABELS_PER_PAGE, labelLayouts, type LabelLayout } from '@dp/contract';
import { Alert, Button, Center, Group, Loader, Modal, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import type { LabelVersion } from './label-sources';
import classes from './print-labels-dialog.module.css';

/** The sheet each layout prints on, as the server draws it (columns × rows of labels, page in mm). */
const SHEETS: Record<LabelLayout, { columns: number; rows: number; width: number; height: number }> = {
  'a4-3x8': { columns: 3, rows: 8, width: 210, height: 297 },
  'a4-2x7': { columns: 2, rows: 7, width: 210, height: 297 },
  '62mm': { columns: 1, rows: 1, width: 62, height: 29 },
};
/** The preview's width on screen; its height follows the sheet. */
const PREVIEW_WIDTH_PX = 260;

/** POST /api/labels: the PDF, handed to the browser as a download. */
async function downloadLabels(versions: LabelVersion[], layout: LabelLayout, skip: number) {
  const { blob, fileName } = await apiDownload('/api/labels', {
    method: 'POST',
    body: { versions: versions.map((version) => version.href), layout, skip },
  });
  saveFile(blob, fileName ?? 'labels.pdf');
}

/** The first sheet drawn as the server lays it out: used places grey, then the first labels' names. */
function SheetPreview({ versions, layout, skip }: { versions: LabelVersion[]; layout: LabelLayout; skip: number }) {
  const { t } = useTranslation();
  const sheet = SHEETS[layout];
  const places = Array.from({ length: sheet.columns * sheet.rows }, (_, place) => place);
  return (
    <div
      role="img"
      aria-label={t('labels.preview')}
      data-testid="label-preview"
      className={classes.sheet}
      style={{
        width: PREVIEW_WIDTH_PX,
        aspectRatio: `${sheet.width} / ${sheet.height}`,
        gridTemplateColumns: `repeat(${sheet.columns}, 1fr)`,
        gridTemplateRows: `repeat(${sheet.rows}, 1fr)`,
      }}
    >
      {places.map((place) => {
        const version = place < skip ? undefined : versions[place - skip];
        return (
          <div
            key={place}
            className={classes.place}
            data-skipped={place < skip || undefined}
            data-testid="label-place"
            title={version ? [version.parent_name, version.name, version.name2].filter(Boolean).join(' ') : undefined}
          >
            {version && (
              <>
                <span className={classes.parent}>{version.parent_name}</span>
                <span>{version.name}</span>
                <span>{version.name2}</span>
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}

interface PrintLabelsDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Undefined while they are collected. */
  versions: LabelVersion[] | undefined;
  /** Why they could not be collected. */
  loadError: Error | null;
}

/**
 * The one dialog behind every "Print labels" action (issue 44): the layout, the places of the first sheet
 * already used, a preview of that sheet, and the PDF as a download.
 */
export function PrintLabelsDialog({ opened, onClose, versions, loadError }: PrintLabelsDialogProps) {
  const { t, i18n } = useTranslation();
  const [layout, setLayout] = useState<LabelLayout>('a4-3x8');
  const [skip, setSkip] = useState(0);
  const download = useMutation({
    mutationFn: (wanted: LabelVersion[]) => downloadLabels(wanted, layout, skip),
    onSuccess: onClose,
    meta: { banner: false },
  });
  const places = LABELS_PER_PAGE[layout];
  const tooMany = versions !== undefined && versions.length > LABELS_MAX;
  const printable = versions !== undefined && versions.length > 0 && !tooMany;

  const chooseLayout = (value: string) => {
    const chosen = value as LabelLayout;
    setLayout(chosen);
    // A skip the new sheet cannot take would only be refused by the server.
    setSkip((current) => Math.min(current, LABELS_PER_PAGE[chosen] - 1));
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('labels.title')} size="lg">
      <Stack gap="sm">
        {loadError ? (
          <Alert color="red" title={t('labels.loadFailed')}>
            {loadError.message}
          </Alert>
        ) : versions === undefined ? (
          <Center>
            <Loader size="sm" role="status" aria-label={t('labels.loading')} />
          </Center>
        ) : tooMany ? (
          <Alert color="red" data-testid="labels-too-many">
            {t('labels.tooMany', { max: LABELS_MAX.toLocaleString(i18n.resolvedLanguage) })}
          </Alert>
        ) : versions.length === 0 ? (
          <Alert color="gray">{t('labels.none')}</Alert>
        ) : (
          <Text size="sm" data-testid="labels-summary">
            {t('labels.summary', {
              count: versions.length,
              sheets: Math.ceil((versions.length + skip) / places),
            })}
          </Text>
        )}

        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="sm" style={{ flex: 1, minWidth: 220 }}>
            <Radio.Group label={t('labels.layout')} value={layout} onChange={chooseLayout}>
              <Stack gap={6} mt={4}>
                {labelLayouts.map((option) => (
                  <Radio key={option} value={option} label={t(`labels.layouts.${option}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <NumberInput
              label={t('labels.skip')}
              description={places > 1 ? t('labels.skipHint', { max: places - 1 }) : t('labels.skipSingle')}
              value={skip}
              onChange={(value) => setSkip(typeof value === 'number' ? value : 0)}
              min={0}
              max={places - 1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              disabled={places === 1}
            />
          </Stack>
          <SheetPreview versions={versions ?? []} layout={layout} skip={skip} />
        </Group>

        {download.error && (
          <Alert color="red" title={t('labels.failed')}>
            {download.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('labels.cancel')}
          </Button>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!printable}
            loading={download.isPending}
            onClick={() => versions && download.mutate(versions)}
          >
            {t('labels.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
