import { Alert, Button, Checkbox, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { LoadError } from '../../components/load-error';
import { toFailure } from '../../lib/api-failure';
import { useMe } from '../../lib/auth/use-me';
import { useAppConfig } from '../../lib/config';
import { removeOffline, saveOffline } from '../../lib/offline/offline-data';
import { useOfflineMeta, useOnline } from '../../lib/offline/use-offline';
import { useItemPages } from '../evaluate/api/use-item-list';
import { formatBytes, formatDataTime } from '../../lib/offline/format';
import type { SaveProgress } from '../../lib/offline/offline-bundle';

/** The save's bar: the bundle arriving (its size unknown until the end, so the bar only moves), then stored. */
function SaveProgressBar({ progress }: { progress: SaveProgress }) {
  const { t, i18n } = useTranslation();
  const label =
    progress.phase === 'reading'
      ? t('offline.progressReading', { size: formatBytes(progress.bytes, i18n.language) })
      : t('offline.progressWriting', { done: progress.done, total: progress.total });
  const value = progress.phase === 'reading' ? 100 : (100 * progress.done) / Math.max(progress.total, 1);
  return (
    <Stack gap={4}>
      <Progress.Root size="lg">
        <Progress.Section value={value} animated={progress.phase === 'reading'} striped aria-label={label} />
      </Progress.Root>
      <Text size="sm" aria-live="polite">
        {label}
      </Text>
    </Stack>
  );
}

/** The systems with a checkbox each, and what is saved on this device now. */
export function OfflineScreen() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const me = useMe();
  const config = useAppConfig();
  const online = useOnline();
  const meta = useOfflineMeta();
  const systems = useItemPages('systems');
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const selected = chosen ?? new Set(meta?.systems.map((system) => system.href) ?? []);

  const save = useMutation({
    mutationFn: () => {
      const sub = auth.user?.profile.sub;
      if (!sub || !me.data) throw new Error(t('offline.needsNetwork'));
      const names = new Map((systems.items ?? []).map((item) => [item.href, item.name]));
      const picked = [...selected].map((href) => ({ href, name: names.get(href) ?? href }));
      return saveOffline({ sub, me: me.data, config, systems: picked }, setProgress);
    },
    meta: { banner: false },
  });
  const remove = useMutation({ mutationFn: removeOffline, meta: { banner: false } });

  const toggle = (href: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(href);
    else next.delete(href);
    setChosen(next);
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('offline.title')}</Title>
      <Text size="sm">{t('offline.intro')}</Text>
      <Alert color={meta ? 'blue' : 'gray'} data-testid="offline-state">
        {meta
          ? t('offline.saved', {
              count: meta.systems.length,
              time: formatDataTime(meta.modificationTime, i18n.language),
              size: formatBytes(meta.bytes, i18n.language),
            })
          : t('offline.nothingSaved')}
      </Alert>
      {!online && <Alert color="orange">{t('offline.chooseNeedsNetwork')}</Alert>}
      {systems.isError ? (
        online && <LoadError error={systems.error} onRetry={() => void systems.refetch()} />
      ) : !systems.items ? (
        online && <Loader size="sm" aria-label={t('app.loading')} />
      ) : (
        <Stack gap="xs" role="group" aria-label={t('offline.systems')}>
          {systems.items.map((item) => (
            <Checkbox
              key={item.href}
              label={item.name}
              checked={selected.has(item.href)}
              onChange={(event) => toggle(item.href, event.currentTarget.checked)}
            />
          ))}
          {systems.hasNextPage && (
            <Button variant="subtle" size="xs" w="fit-content" onClick={() => void systems.fetchNextPage()}>
              {t('offline.moreSystems')}
            </Button>
          )}
        </Stack>
      )}
      <Group>
        <Button
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={!online || selected.size === 0 || remove.isPending}
        >
          {t('offline.save')}
        </Button>
        <Button
          variant="light"
          color="red"
          onClick={() => remove.mutate()}
          loading={remove.isPending}
          disabled={!meta || save.isPending}
        >
          {t('offline.remove')}
        </Button>
      </Group>
      {save.isPending && progress && <SaveProgressBar progress={progress} />}
      {save.isSuccess && (
        <Text size="sm" role="status" data-testid="offline-saved">
          {t('offline.savedNow', { count: save.data.systems.length })}
        </Text>
      )}
      {save.isError && (
        <Alert color="red" role="alert">
          {toFailure(save.error).message}
        </Alert>
      )}
    </Stack>
  );
}
