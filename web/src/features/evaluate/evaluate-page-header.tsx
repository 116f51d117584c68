import { Button, Group, Loader, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EvaluatePageKey } from './evaluate-pages';
import { AsOfBanner, AsOfControl, useAsOf, withAt } from './as-of';
import { PageInfo } from './page-info';

interface EvaluatePageHeaderProps {
  page: EvaluatePageKey;
  /** A spinner beside the title while the page's data loads. */
  loading?: boolean;
  /** Clears the page's selection; without it there is no Reset button. */
  onReset?: () => void;
  /** What stands under the title (the selection, a short description). */
  children?: ReactNode;
  /** The screen can show a past state (issue 41): the "as of" picker and banner. */
  asOf?: boolean;
}

/** The head of every evaluation screen: title with info, spinner, what is shown, Reset and Back. */
export function EvaluatePageHeader({ page, loading = false, onReset, children, asOf = true }: EvaluatePageHeaderProps) {
  const { t } = useTranslation();
  const { at } = useAsOf();
  const head = (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap">
          <Title order={1} size="h2">
            {t(`evaluate.pages.${page}.title`)}
          </Title>
          <PageInfo page={page} />
          {loading && (
            <Loader size="xs" role="status" aria-label={t('browsers.loading')} data-testid="browser-loading" />
          )}
        </Group>
        {children}
      </Stack>
      <Group gap="xs" align="flex-end">
        {asOf && <AsOfControl />}
        {onReset && (
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onReset}>
            {t('evaluate.reset')}
          </Button>
        )}
        <Button
          component={Link}
          to={withAt('/evaluate', asOf ? at : undefined)}
          variant="light"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('evaluate.back')}
        </Button>
      </Group>
    </Group>
  );
  if (!asOf) return head;
  return (
    <Stack gap="sm">
      {head}
      <AsOfBanner />
    </Stack>
  );
}
