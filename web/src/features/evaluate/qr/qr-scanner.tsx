import type { SearchResult } from '@dp/contract';
import { ActionIcon, Loader, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconQrcode } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../lib/lazy-named';
import { useOpenResult } from '../search/open-result';

// The modal (and, inside it, the decoder) loads the first time someone opens the scanner: /evaluate,
// the first screen, opens without it.
const QrScanModal = lazyNamed(() => import('./qr-scan-modal'), 'QrScanModal');

/** Opens the QR-code scanner (SPEC 2); a recognised code opens its entity's compatibility browser. */
export function QrScanButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  // Once loaded, the modal stays mounted so that closing it can play its transition.
  const [used, setUsed] = useState(false);
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
          onClick={() => {
            setUsed(true);
            open();
          }}
          aria-label={t('search.qr.open')}
          data-testid="qr-scan-open"
        >
          <IconQrcode size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {used && (
        <Suspense fallback={<Loader size="xs" role="status" aria-label={t('search.qr.starting')} />}>
          <QrScanModal opened={opened} onClose={close} onFound={found} />
        </Suspense>
      )}
    </>
  );
}
