import { type Item, type KindPath } from '@dp/contract';
import { Loader, NavLink, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadOnScroll } from '../../../components/use-load-on-scroll';
import { useItemPages } from '../api/items';

interface ItemPickerProps {
  kind: KindPath;
  title: string;
  selected: string | null;
  onSelect: (item: Item) => void;
  height: number;
}

/**
 * The left list of the relation editor: items by name, filtered and paged by the server (GET /api/{kind}/page),
 * the next page loaded as the list's end scrolls near; one can be chosen.
 */
export function ItemPicker({ kind, title, selected, onSelect, height }: ItemPickerProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const query = useMemo(
    () => ({ sorting: [{ id: 'name', desc: false }], filters: filter ? [{ id: 'name', value: filter }] : [] }),
    [filter],
  );
  const pages = useItemPages(kind, query);
  const paging = useLoadOnScroll({ count: pages.rows.length, ...pages.paging });

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
        viewportRef={paging.viewportRef}
        onScrollPositionChange={paging.onScrollPositionChange}
      >
        {pages.loading && <Loader size="sm" m="sm" role="status" aria-label={t('table.loading')} />}
        {!pages.loading && pages.rows.length === 0 && (
          <Text c="dimmed" size="sm" p="sm">
            {t('table.noData')}
          </Text>
        )}
        <nav aria-label={title}>
          {pages.rows.map((item) => (
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
        {pages.paging.hasMore && (
          <Text size="xs" c="dimmed" p="xs" role="status">
            {t(pages.paging.loadingMore ? 'table.loadingMore' : 'table.moreOnScroll', { shown: pages.rows.length })}
          </Text>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}
