import type { SearchResult } from '@dp/contract';
import { Button, Group, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';

// The decoder is large and only needed once someone scans, so it loads with the modal's content.
const QrScanView = lazy(() => import('./qr-scan-view').then((module) => ({ default: module.QrScanView })));

/** The scanner's modal: the camera picture while open, Cancel to close it. */
export function QrScanModal({
  opened,
  onClose,
  onFound,
}: {
  opened: boolean;
  onClose: () => void;
  onFound: (result: SearchResult) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('search.qr.title')} size="lg">
      {/* Rendered only while open: closing unmounts the view, which stops the camera at once. */}
      {opened && (
        <Suspense fallback={<CenteredLoader label={t('search.qr.starting')} />}>
          <QrScanView onFound={onFound} />
        </Suspense>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} data-testid="qr-cancel">
          {t('search.qr.cancel')}
        </Button>
      </Group>
    </Modal>
  );
}
