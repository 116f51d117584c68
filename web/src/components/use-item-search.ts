import { idOfHref, type ItemPage, type KindPath } from '@dp/contract';
import { useMemo, useState } from 'react';
import { api } from '../lib/api';
import { searchedData, useSearchedOptions, type OptionSearch } from './editable-table';

/** Items offered at once: the rest are found by typing. */
const ITEMS_OFFERED = 50;

export interface NamedItem {
  id: number;
  name: string;
}

/** GET /api/{kind}/page?name=: the first items by name whose name contains `text`, folded like the search. */
const itemSearch = (kind: KindPath): OptionSearch => ({
  queryKey: ['item-search', kind],
  search: (text, signal) =>
    api
      .get<ItemPage>(`/api/${kind}/page`, { query: { name: text || null, limit: ITEMS_OFFERED }, signal })
      .then((page) => page.items.map((item) => ({ value: String(idOfHref(item.href)), label: item.name }))),
});

/**
 * The choices of a field that picks one item of a kind, found by the server as the user types: the first
 * 50 by name, then those whose name contains what was typed. At L every system was 1.4 MB of JSON. The
 * chosen item stays offered whatever was typed since; its own name in the field asks for the first 50 again.
 */
export function useItemSearch(kind: KindPath, chosen: NamedItem | undefined) {
  const [typed, setTyped] = useState('');
  const search = useMemo(() => itemSearch(kind), [kind]);
  const found = useSearchedOptions(search, typed === chosen?.name ? '' : typed, true);
  const chosenId = chosen?.id;
  const chosenName = chosen?.name;
  const options = useMemo<NamedItem[]>(() => {
    const chosenOption = chosenId === undefined || chosenName === undefined ? [] : [String(chosenId)];
    const known = chosenName === undefined ? [] : [{ value: String(chosenId), label: chosenName }];
    return searchedData(chosenOption, known, found.options, () => undefined).map((option) => ({
      id: Number(option.value),
      name: option.label,
    }));
  }, [found.options, chosenId, chosenName]);
  return { options, searchValue: typed, onSearchChange: setTyped, loading: found.loading };
}
