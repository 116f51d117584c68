import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import type { OptionSearch, SelectOption } from './types';

/** The server is asked once typing pauses, not for every key. */
export const TYPING_PAUSE_MS = 250;

const NO_OPTIONS: SelectOption[] = [];

/**
 * The options `search` finds for `typed`, asked once typing pauses and only while `enabled` (e.g. once the
 * field has had the focus); while a new text is asked for, the last answer stays.
 */
export function useSearchedOptions(search: OptionSearch | undefined, typed: string, enabled: boolean) {
  const [text] = useDebouncedValue(typed.trim(), TYPING_PAUSE_MS);
  const query = useQuery({
    queryKey: [...(search?.queryKey ?? ['no-option-search']), text],
    queryFn: ({ signal }) => (search ? search.search(text, signal) : NO_OPTIONS),
    enabled: enabled && search !== undefined,
    placeholderData: keepPreviousData,
  });
  return { options: query.data ?? NO_OPTIONS, loading: query.isFetching };
}

/**
 * The names of values chosen from searched options, per column: a chosen value keeps its name once the
 * search that offered it shows other matches, and once its row scrolls out of view and back (which mounts
 * the cell anew). One per table (EditableTable provides it).
 */
export type OptionLabels = Map<string, string>;

export const OptionLabelsContext = createContext<OptionLabels | null>(null);

const labelKey = (columnKey: string, value: string) => `${columnKey}\n${value}`;

/** The table's option names (a cell's own when it is used outside a table). */
export function useOptionLabels(columnKey: string) {
  const shared = useContext(OptionLabelsContext);
  const [own] = useState<OptionLabels>(() => new Map());
  const labels = shared ?? own;
  return {
    get: (value: string) => labels.get(labelKey(columnKey, value)),
    remember: (options: readonly SelectOption[]) => {
      for (const option of options) labels.set(labelKey(columnKey, option.value), option.label);
    },
  };
}

/**
 * What a searched select offers: the chosen values that are not among `found` first (named by `known`, else
 * by the name they were chosen with; a value without a name is left out rather than shown as its raw value),
 * then `found`; each value once.
 */
export function searchedData(
  chosen: readonly string[],
  known: readonly SelectOption[],
  found: readonly SelectOption[],
  rememberedLabel: (value: string) => string | undefined,
): SelectOption[] {
  const inFound = new Set(found.map((option) => option.value));
  const knownLabel = new Map(known.map((option) => [option.value, option.label]));
  const result: SelectOption[] = [];
  for (const value of new Set(chosen)) {
    if (inFound.has(value)) continue;
    const label = knownLabel.get(value) ?? rememberedLabel(value);
    if (label !== undefined) result.push({ value, label });
  }
  const seen = new Set(result.map((option) => option.value));
  for (const option of found) {
    if (seen.has(option.value)) continue;
    seen.add(option.value);
    result.push(option);
  }
  return result;
}
