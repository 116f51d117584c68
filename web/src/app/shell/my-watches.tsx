import { ActionIcon, Anchor, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WatchStar } from '../../components/watch-star';
import { browserLinkOfHref, useWatches } from '../../lib/watches';

/** "My watches" in the header: the watched versions, each with a link to its browser and its star. */
export function MyWatches() {
  const { t } = useTranslation();
  const watches = useWatches();
  const items = watches.data?.items ?? [];
  return (
    <Popover position="bottom-end" width={360} withinPortal shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="dark" aria-label={t('watches.mine')} data-testid="my-watches">
          <IconStar size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="my-watches-list">
        <Text fw={600} mb="xs">
          {t('watches.mine')}
        </Text>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('watches.none')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={400}>
            <Stack gap={4}>
              {items.map((w) => (
                <Group key={w.href} justify="space-between" wrap="nowrap" data-testid="my-watch">
                  <Anchor component={Link} to={browserLinkOfHref(w.href, w.label)} size="sm">
                    {w.label}
                  </Anchor>
                  <WatchStar href={w.href} label={w.label} />
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
