import { Alert, Button, Group, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiFailure } from '../../lib/api-failure';

/** The address parameter that names the point in time an evaluation screen shows (issue 41). */
export const AT_PARAM = 'at';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as the banner says it, in local time: dd.MM.yyyy HH:mm. */
export function formatAsOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An ISO time as a datetime-local input holds it (local time, minutes); '' for none or a malformed one. */
export function toLocalInput(iso: string | undefined): string {
  const date = new Date(iso ?? '');
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as ISO 8601 with a zone (UTC), which the server wants; null for none. */
export function fromLocalInput(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Address parameters (`?a=b`, '' or a record) with the point in time added, so a new selection keeps it. */
export function paramsWithAt(init: string | Record<string, string>, at: string | undefined): URLSearchParams {
  const params = new URLSearchParams(init);
  if (at !== undefined) params.set(AT_PARAM, at);
  return params;
}

/** `to` (a path with or without a query) with the point in time kept, so a link between screens keeps it. */
export function withAt(to: string, at: string | undefined): string {
  if (at === undefined) return to;
  const [path = '', query = ''] = to.split('?');
  return `${path}?${paramsWithAt(query, at)}`;
}

/**
 * The point in time an evaluation screen shows, kept in the address as `?at=<ISO>` so a link can be
 * shared; undefined means now. Every read of the screen passes it and keys its cache by it.
 */
export function useAsOf() {
  const [params, setParams] = useSearchParams();
  const at = params.get(AT_PARAM) ?? undefined;
  const setAt = useCallback(
    (next: string | null) =>
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          if (next === null) updated.delete(AT_PARAM);
          else updated.set(AT_PARAM, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { at, setAt };
}

/** The date and time picker of an evaluation screen; empty means now. */
export function AsOfControl() {
  const { t } = useTranslation();
  const { at, setAt } = useAsOf();
  return (
    <TextInput
      type="datetime-local"
      size="xs"
      w={210}
      label={t('asOf.label')}
      value={toLocalInput(at)}
      // An incomplete value reads as '', which keeps the shown time instead of jumping back to now.
      onChange={(event) => {
        const next = fromLocalInput(event.currentTarget.value);
        if (next !== null) setAt(next);
      }}
      data-testid="as-of-input"
    />
  );
}

/**
 * The server's message when it refused a read of this point in time (400: before the history began, in
 * the future, malformed). Several lists show their own failures without the reason; this says it once.
 */
function useRefusal(at: string | undefined): string | undefined {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((changed: () => void) => cache.subscribe(changed), [cache]);
  return useSyncExternalStore(subscribe, () => {
    if (at === undefined) return undefined;
    const refused = cache
      .findAll({ predicate: (query) => query.state.status === 'error' && query.queryKey.includes(at) })
      .map((query) => query.state.error)
      .find((error) => isApiFailure(error) && error.status === 400);
    return refused?.message;
  });
}

/** Says that the screen shows a past state, with the way back to now; nothing while it shows now. */
export function AsOfBanner() {
  const { t } = useTranslation();
  const { at, setAt } = useAsOf();
  const refusal = useRefusal(at);
  if (at === undefined) return null;
  return (
    <Alert
      color={refusal ? 'red' : 'yellow'}
      variant="light"
      icon={<IconHistory size={18} aria-hidden />}
      data-testid="as-of-banner"
    >
      <Group justify="space-between" gap="sm">
        <span>
          {t('asOf.banner', { time: formatAsOf(at) })}
          {refusal && <strong data-testid="as-of-refusal"> {refusal}</strong>}
        </span>
        <Button size="xs" variant="default" onClick={() => setAt(null)} data-testid="as-of-now">
          {t('asOf.backToNow')}
        </Button>
      </Group>
    </Alert>
  );
}
