import { Anchor, Card, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AsOfBanner, AsOfControl, useAsOf, withAt } from './as-of';
import { EVALUATE_GROUPS, type EvaluatePage } from './evaluate-pages';
import { PageInfo } from './page-info';
import { QrScanButton } from './qr/qr-scanner';
import { SmartSearch } from './search/smart-search';

function PageLink({ page, tooltipLeft }: { page: EvaluatePage; tooltipLeft: boolean }) {
  const { t } = useTranslation();
  const { at } = useAsOf();
  const title = t(`evaluate.pages.${page.key}.title`);
  // The upgrade planner always answers for now; the other screens keep the chosen point in time.
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor
        component={Link}
        to={withAt(page.path, page.key === 'upgradePlanner' ? undefined : at)}
        data-testid={`evaluate-link-${page.path}`}
      >
        {title}
      </Anchor>
      <PageInfo page={page.key} position={tooltipLeft ? 'left' : 'right'} />
    </Group>
  );
}

/** /evaluate: the start page of the evaluation with its link lists. */
export function EvaluateHome() {
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 48em)');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('evaluate.title')}
          </Title>
          <Text c="dimmed">{t('evaluate.intro')}</Text>
        </Stack>
        <AsOfControl />
      </Group>
      <AsOfBanner />
      <Paper withBorder p="md" radius="md" data-testid="smart-search">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <SmartSearch />
          <QrScanButton />
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {EVALUATE_GROUPS.map((group) => (
          <Card
            key={group.key}
            withBorder
            radius="md"
            component="section"
            aria-labelledby={`evaluate-group-${group.key}`}
          >
            <Title order={2} size="h4" mb="sm" id={`evaluate-group-${group.key}`}>
              {t(`evaluate.groups.${group.key}`)}
            </Title>
            <List listStyleType="none" spacing="xs">
              {group.pages.map((page) => (
                <List.Item key={page.path}>
                  <PageLink page={page} tooltipLeft={mobile} />
                </List.Item>
              ))}
            </List>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
