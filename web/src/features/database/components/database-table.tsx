import { Alert, Loader, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DatabaseTableProps {
  /** The header cells, in order. */
  columns: string[];
  /** The rows (Table.Tr), shown once loaded and not empty. */
  children: ReactNode;
  loading: boolean;
  /** Shown instead of the table when set: the list could not be read. */
  error?: string | null;
  /** No rows: the empty text instead of the table. */
  empty: boolean;
  emptyText: string;
  emptyTestId?: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  testId: string;
  highlightOnHover?: boolean;
  /**
   * For a table with nothing focusable: its scrolling region takes the focus under this name, so the
   * keyboard can scroll it sideways on a phone.
   */
  scrollRegionLabel?: string;
}

/** A list of the database screens: a loader while loading, an error, an empty text, or the striped table. */
export function DatabaseTable({
  columns,
  children,
  loading,
  error,
  empty,
  emptyText,
  emptyTestId,
  minWidth,
  testId,
  highlightOnHover,
  scrollRegionLabel,
}: DatabaseTableProps) {
  const { t } = useTranslation();
  if (loading) return <Loader size="sm" role="status" aria-label={t('app.loading')} />;
  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (empty)
    return (
      <Text c="dimmed" size="sm" data-testid={emptyTestId}>
        {emptyText}
      </Text>
    );
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={
        scrollRegionLabel
          ? { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': scrollRegionLabel } }
          : undefined
      }
    >
      <Table striped highlightOnHover={highlightOnHover} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
