import { versionLabelText, type PlannerSystemsRequest } from '@dp/contract';
import { Button, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { usePlannerSystems } from './api/use-planner';
import { PairBadge } from './planner-answer';

/** The reverse question: on which system versions do the chosen parts all fit? Asked on demand. */
export function SystemsForParts({ request }: { request: PlannerSystemsRequest }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<PlannerSystemsRequest | null>(null);
  // A changed choice of parts asks again only when the user does.
  const current = asked && JSON.stringify(asked) === JSON.stringify(request) ? asked : null;
  const systems = usePlannerSystems(current);
  const title = t('planner.systems.title');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title} data-testid="planner-systems">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">
        <Group>
          <Button
            variant="light"
            leftSection={<IconSearch size={16} aria-hidden />}
            onClick={() => setAsked(request)}
            disabled={current !== null}
          >
            {t('planner.systems.ask')}
          </Button>
        </Group>
        {current && systems.isError && <LoadError error={systems.error} onRetry={() => void systems.refetch()} />}
        {current && systems.isPending && <Loader size="sm" role="status" aria-label={t('browsers.loading')} />}
        {current && systems.data && (
          <>
            <Text fw={600} size="sm">
              {t('planner.systems.fits')}
            </Text>
            {systems.data.fits.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('planner.systems.noFit')}
              </Text>
            ) : (
              <List size="sm" data-testid="planner-systems-fits">
                {systems.data.fits.map((fit) => (
                  <List.Item key={fit.system.href}>{versionLabelText(fit.system)}</List.Item>
                ))}
              </List>
            )}
            {systems.data.misses.length > 0 && (
              <>
                <Text fw={600} size="sm">
                  {t('planner.systems.misses')}
                </Text>
                <List size="sm" spacing="xs" data-testid="planner-systems-misses">
                  {systems.data.misses.map((miss) => (
                    <List.Item key={miss.system.href}>
                      <Text size="sm" span fw={600}>
                        {versionLabelText(miss.system)}
                      </Text>
                      <List size="sm" withPadding>
                        {miss.blocking.map((pair) => (
                          <List.Item key={`${pair.a.href} ${pair.b.href}`}>
                            <Group gap={6}>
                              <Text size="sm">
                                {versionLabelText(pair.a)} – {versionLabelText(pair.b)}
                              </Text>
                              <PairBadge status={pair.status} />
                            </Group>
                          </List.Item>
                        ))}
                      </List>
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
