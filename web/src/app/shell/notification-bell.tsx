import type { Notification, NotificationState } from '@dp/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStatusLabel } from '../../components/compatibility-status';
import { browserLinkOfHref, useMarkRead, useNotifications } from '../../lib/watches';

function StateText({ state }: { state: NotificationState | null }) {
  const statusLabel = useStatusLabel();
  if (state === null) return <>–</>;
  // The server leaves the obligation text out for extern.
  return <>{state.obligation ? `${statusLabel(state.status)}: ${state.obligation}` : statusLabel(state.status)}</>;
}

function Entry({ item }: { item: Notification }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="notification" data-read={item.read} py={4}>
      <Group gap="xs" wrap="nowrap">
        {!item.read && <Badge size="xs">{t('notifications.new')}</Badge>}
        <Anchor component={Link} to={browserLinkOfHref(item.version.href, item.version.label)} fw={600}>
          {item.version.label}
        </Anchor>
      </Group>
      <Text size="sm">
        {t(`notifications.${item.action}`, { partner: item.partner.label })}
        {item.references_changed && `; ${t('notifications.referencesChanged')}`}
      </Text>
      <Text size="xs" c="dimmed">
        <StateText state={item.before} /> → <StateText state={item.after} /> · {new Date(item.at).toLocaleString()}
      </Text>
    </Stack>
  );
}

/** The bell of the header: the unread count, and the newest notifications with a link to each version. */
export function NotificationBell() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];
  return (
    <Popover position="bottom-end" width={380} withinPortal shadow="md">
      {/* The popover's target is the button itself: its ARIA attributes do not fit the indicator's div. */}
      <Indicator label={unread} size={16} disabled={unread === 0} data-testid="notification-count">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="dark"
            aria-label={t('notifications.bell', { count: unread })}
            data-testid="notification-bell"
          >
            <IconBell size={18} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown data-testid="notification-list">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('notifications.title')}</Text>
          {unread > 0 && items[0] && (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => markRead.mutate(items[0]?.id ?? 0)}
              data-testid="notifications-read"
            >
              {t('notifications.markRead')}
            </Button>
          )}
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('notifications.none')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={400}>
            {items.map((item) => (
              <Entry key={item.id} item={item} />
            ))}
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
