import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDataTime } from '../../lib/offline/format';
import { useOfflineMeta, useOnline } from '../../lib/offline/use-offline';

/** Without network: says that the screens read the saved data, and of which time, or that none is saved. */
export function OfflineBanner() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const meta = useOfflineMeta();
  if (online || meta === undefined) return null;
  return (
    <Alert color="orange" icon={<IconCloudOff aria-hidden />} mb="md" role="status" data-testid="offline-banner">
      {meta
        ? t('offline.banner', { time: formatDataTime(meta.modificationTime, i18n.language) })
        : t('offline.bannerNoData')}
    </Alert>
  );
}
