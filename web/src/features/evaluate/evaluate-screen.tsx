import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import type { EvaluatePageKey } from './evaluate-pages';

/** An evaluation screen until its issue builds it: title, what it will show, and the way back. */
export function EvaluateScreen({ page }: { page: EvaluatePageKey }) {
  const { t } = useTranslation();
  return (
    <ScreenPlaceholder title={t(`evaluate.pages.${page}.title`)} description={t(`evaluate.pages.${page}.description`)}>
      <Button component={Link} to="/evaluate" variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />} w="fit-content">
        {t('evaluate.back')}
      </Button>
    </ScreenPlaceholder>
  );
}
