import { idOfHref, type ItemPage, type KindPath } from '@dp/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../lib/api';

/** Items offered at once: the rest are found by typing. */
const ITEMS_OFFERED = 50;

/** The server is asked once typing pauses, not for every key. */
const TYPING_PAUSE_MS = 250;

export interface NamedItem {
  id: number;
  name: string;
}

/**
 * The choices of a field that picks one item of a kind, found by the server as the user types
 * (GET /api/{kind}/page?name=): the first 50 by name, then those whose name contains what was typed,
 * folded like the search. At L every system was 1.4 MB of JSON. The chosen item stays offered whatever
 * was typed since; its own name in the field asks for the first 50 again.
 */
export function useItemSearch(kind: KindPath, chosen: NamedItem | undefined) {
  const [typed, setTyped] = useState('');
  const [name] = useDebouncedValue(typed === chosen?.name ? '' : typed.trim(), TYPING_PAUSE_MS);
  const query = useQuery({
    queryKey: ['item-search', kind, name],
    queryFn: ({ signal }) =>
      api.get<ItemPage>(`/api/${kind}/page`, { query: { name: name || null, limit: ITEMS_OFFERED }, signal }),
    // While the next answer comes, the options of the last one stay.
    placeholderData: keepPreviousData,
  });
  const chosenId = chosen?.id;
  const chosenName = chosen?.name;
  // The server's matches in its order (natural, by name), and the chosen item first when it is not one.
  const options = useMemo<NamedItem[]>(() => {
    const found = (query.data?.items ?? []).map((item) => ({ id: idOfHref(item.href), name: item.name }));
    return chosenId === undefined || chosenName === undefined || found.some((item) => item.id === chosenId)
      ? found
      : [{ id: chosenId, name: chosenName }, ...found];
  }, [query.data, chosenId, chosenName]);
  return { options, searchValue: typed, onSearchChange: setTyped, loading: query.isPending };
}
