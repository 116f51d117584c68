import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublishRequestCount } from '../../lib/publish-requests';

/**
 * The toolbar's way to the publish requests (issue 44): shown to admins on work while four eyes are on
 * and requests wait for a decision, with their number.
 */
export function PublishRequestsButton({ fullWidth, onNavigate }: { fullWidth: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const count = usePublishRequestCount(true).data;
  if (!count?.approval || count.open === 0) return null;
  return (
    <Button
      component={Link}
      to="/database/transfer"
      variant="subtle"
      color="orange"
      px="sm"
      fullWidth={fullWidth}
      justify={fullWidth ? 'flex-start' : 'center'}
      onClick={onNavigate}
      data-testid="nav-publish-requests"
      rightSection={
        <Badge size="sm" color="orange" circle data-testid="publish-requests-count">
          {count.open}
        </Badge>
      }
    >
      {t('nav.publishRequests')}
    </Button>
  );
}
