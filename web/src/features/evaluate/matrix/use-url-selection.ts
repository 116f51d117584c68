import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
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
  const parsed = useMemo(() => parse(search), [parse, search]);
  const write = useCallback(
    (selection: S, { replace = false }: { replace?: boolean } = {}) => {
      const next = serialize(selection);
      if (next !== search) void navigate({ search: next }, { replace });
    },
    [navigate, search, serialize],
  );
  return { ...parsed, write };
}
