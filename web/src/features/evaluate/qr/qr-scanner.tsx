import type { SearchResult } from '@dp/contract';
import { ActionIcon, Button, Group, Modal, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconQrcode } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';
import { useOpenResult } from '../search/open-result';

// The decoder is large and only needed once someone scans, so it loads with the modal's content.
const QrScanView = lazy(() => import('./qr-scan-view').then((module) => ({ default: module.QrScanView })));

/** Opens the QR-code scanner (SPEC 2); a recognised code opens its entity's compatibility browser. */
export function QrScanButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const openResult = useOpenResult();

  const found = (result: SearchResult) => {
    close();
    openResult(result);
  };

  return (
    <>
      <Tooltip label={t('search.qr.open')}>
        <ActionIcon
          variant="default"
          size="input-sm"
          onClick={open}
          aria-label={t('search.qr.open')}
          data-testid="qr-scan-open"
        >
          <IconQrcode size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={t('search.qr.title')} size="lg">
        {/* Rendered only while open: closing unmounts the view, which stops the camera at once. */}
        {opened && (
          <Suspense fallback={<CenteredLoader label={t('search.qr.starting')} />}>
            <QrScanView onFound={found} />
          </Suspense>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close} data-testid="qr-cancel">
            {t('search.qr.cancel')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
