import { fold } from '@dp/contract';
import type { ComboboxItem, ComboboxParsedItem } from '@mantine/core';

interface FilterInput<Value extends string | number> {
  options: ComboboxParsedItem<Value>[];
  search: string;
  limit: number;
}

/**
 * Mantine's option filter with the product's matching rule (SPEC 5): case- and accent-insensitive
 * substring with repeated whitespace collapsed, so "tur" finds "Türsteuerung" in every dropdown.
 */
export function foldedOptionsFilter<Value extends string | number>({
  options,
  search,
  limit,
}: FilterInput<Value>): ComboboxParsedItem<Value>[] {
  const query = fold(search);
  const matches = (item: ComboboxItem<Value>) => query === '' || fold(item.label).includes(query);
  const result: ComboboxParsedItem<Value>[] = [];
  for (const option of options) {
    if (result.length >= limit) break;
    if ('group' in option) {
      const items = option.items.filter(matches);
      if (items.length > 0) result.push({ ...option, items });
    } else if (matches(option)) {
      result.push(option);
    }
  }
  return result;
}

/** The filter of a field whose options the server has matched already by the same rule: shown as they are. */
export function serverMatchedOptions<Value extends string | number>({
  options,
}: Pick<FilterInput<Value>, 'options'>): ComboboxParsedItem<Value>[] {
  return options;
}
