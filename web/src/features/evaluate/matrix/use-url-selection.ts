import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AT_PARAM, useAsOf } from '../as-of';
import type { Dropped } from './selection-rules';

/**
 * A selection kept in the query string, so that a link can be shared and Back undoes a choice. Each
 * change is a new history entry unless `replace` is asked for.
 */
export function useUrlSelection<S>(
  parse: (search: string) => { selection: S; dropped: Dropped[] },
  serialize: (selection: S) => string,
) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { at } = useAsOf();
  const parsed = useMemo(() => parse(search), [parse, search]);
  const write = useCallback(
    (selection: S, { replace = false }: { replace?: boolean } = {}) => {
      // The point in time is not part of the selection: a new selection keeps it (appended by hand, so
      // that the selection's commas stay readable).
      const chosen = serialize(selection);
      const next =
        at === undefined ? chosen : `${chosen === '' ? '?' : `${chosen}&`}${AT_PARAM}=${encodeURIComponent(at)}`;
      if (next !== search) void navigate({ search: next }, { replace });
    },
    [navigate, search, serialize, at],
  );
  return { ...parsed, write };
}
