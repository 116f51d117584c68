import { Loader, NavLink, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { foldedIncludes, fold, type Item } from '@dp/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ItemPickerProps {
  title: string;
  items: Item[] | undefined;
  loading: boolean;
  selected: string | null;
  onSelect: (item: Item) => void;
  height: number;
}

/** The left list of the relation editor: filterable items sorted by name; one can be chosen. */
export function ItemPicker({ title, items, loading, selected, onSelect, height }: ItemPickerProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const shown = useMemo(
    () =>
      (items ?? [])
        .filter((item) => foldedIncludes(item.name, filter))
        .sort((a, b) => fold(a.name).localeCompare(fold(b.name), undefined, { numeric: true })),
    [items, filter],
  );
  const filterLabel = t('table.filter', { column: t('basicDataScreens.name') });
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      <TextInput
        size="xs"
        aria-label={filterLabel}
        placeholder={filterLabel}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
      />
      <ScrollArea.Autosize
        mah={height}
        type="auto"
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        {loading && <Loader size="sm" m="sm" role="status" aria-label={t('table.loading')} />}
        {!loading && shown.length === 0 && (
          <Text c="dimmed" size="sm" p="sm">
            {t('table.noData')}
          </Text>
        )}
        <nav aria-label={title}>
          {shown.map((item) => (
            <NavLink
              key={item.href}
              component="button"
              label={item.name}
              active={item.href === selected}
              aria-current={item.href === selected ? 'true' : undefined}
              onClick={() => onSelect(item)}
            />
          ))}
        </nav>
      </ScrollArea.Autosize>
    </Stack>
  );
}
