import { Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { compatibilityStatuses, versionLabelText, type MatrixCell, type VersionLabel } from '@dp/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_STYLE, StatusBadge, useStatusLabel } from '../../../components/compatibility-status';
import classes from './matrix-table.module.css';

/** Columns shown under one heading (the assemblies of one system version in the three-block matrix). */
export interface MatrixColumnGroup {
  key: string;
  label?: string;
  columns: VersionLabel[];
}

interface MatrixTableProps {
  /** Names the table for screen readers. */
  caption: string;
  /** Shown above the row headings, e.g. the system version the rows belong to. */
  rowsLabel?: string;
  rows: VersionLabel[];
  groups: MatrixColumnGroup[];
  cells: MatrixCell[];
}

const versionNames = (label: VersionLabel) => [label.name, label.name2].filter(Boolean).join(' · ');

function VersionName({ label }: { label: VersionLabel }) {
  return (
    <>
      {label.parent_name}
      <span className={classes.names}>{versionNames(label)}</span>
    </>
  );
}

/** Keyboard focus only, as the tooltip opens on focus: a click already opened it by hovering. */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // A browser or test DOM without :focus-visible: open on any focus.
    return true;
  }
}

function StatusCell({ cell, row, column }: { cell: MatrixCell; row: string; column: string }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const cellRef = useRef<HTMLTableCellElement>(null);
  const [open, setOpen] = useState(false);
  const { color, Icon } = STATUS_STYLE[cell.compatibility_status];
  const status = statusLabel(cell.compatibility_status);
  return (
    <td
      ref={cellRef}
      className={classes.cell}
      data-status={cell.compatibility_status}
      tabIndex={0}
      aria-label={t('matrix.cellLabel', {
        row,
        column,
        status: cell.obligation ? `${status}: ${cell.obligation}` : status,
      })}
      style={{ background: `var(--mantine-color-${color}-filled)` }}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={(event) => setOpen(focusVisible(event.currentTarget))}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <Icon size={16} color="var(--mantine-color-white)" aria-hidden />
      {/* Inside the cell and pointed at it, not wrapped around it: the tooltip's element sits beside its
          target, and a <div> may not be a child of <tr> (Mantine renders it in place in tests, not in a
          portal). Pointed at, it opens only when told: the cell's events above do what its hover, focus and
          Escape handling did. */}
      <Tooltip
        target={cellRef}
        opened={open}
        label={
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {status}
            </Text>
            {/* The server sends the obligation to intern and admin users only. */}
            {cell.obligation && <Text size="xs">{cell.obligation}</Text>}
          </Stack>
        }
        multiline
        maw={320}
        withArrow
      />
    </td>
  );
}

/**
 * A compatibility matrix: a row per chosen version, a rotated column heading per compared version and
 * a coloured cell with the status in its tooltip. A version against itself is an inactive cell; an
 * empty cell means no relation.
 */
export function MatrixTable({ caption, rowsLabel, rows, groups, cells }: MatrixTableProps) {
  const { t } = useTranslation();
  const byPair = new Map(cells.map((cell) => [`${cell.row} ${cell.column}`, cell]));
  const columns = groups.flatMap((group) => group.columns.map((column) => ({ group: group.key, column })));
  const grouped = groups.some((group) => group.label);
  return (
    <Box className={classes.scroller}>
      <table className={classes.table} aria-label={caption}>
        <thead>
          {grouped && (
            <tr>
              <td className={classes.corner} />
              {groups.map((group) => (
                <th key={group.key} scope="colgroup" colSpan={group.columns.length} className={classes.groupHeader}>
                  {group.label}
                </th>
              ))}
            </tr>
          )}
          <tr>
            <td className={classes.corner}>{rowsLabel}</td>
            {columns.map(({ group, column }) => (
              <th
                key={`${group} ${column.href}`}
                scope="col"
                className={classes.columnHeader}
                title={versionLabelText(column)}
              >
                <div className={classes.rotated} data-orientation="vertical">
                  <VersionName label={column} />
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.href}>
              <th scope="row" className={classes.rowHeader} title={versionLabelText(row)}>
                <VersionName label={row} />
              </th>
              {columns.map(({ group, column }) => {
                const key = `${group} ${column.href}`;
                if (row.href === column.href) {
                  return (
                    <td
                      key={key}
                      className={classes.cell}
                      data-self
                      aria-disabled="true"
                      aria-label={t('matrix.sameAssembly')}
                    />
                  );
                }
                const cell = byPair.get(`${row.href} ${column.href}`);
                if (!cell) return <td key={key} className={classes.cell} aria-label={t('status.none')} />;
                return (
                  <StatusCell key={key} cell={cell} row={versionLabelText(row)} column={versionLabelText(column)} />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/** What the colours and patterns of the matrix mean. */
export function MatrixLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="sm" aria-label={t('matrix.legend')} role="group">
      {compatibilityStatuses.map((status) => (
        <StatusBadge key={status} status={status} />
      ))}
      <Group gap={6} wrap="nowrap">
        <span className={`${classes.cell} ${classes.swatch}`} aria-hidden />
        <Text size="sm">{t('status.none')}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <span className={`${classes.cell} ${classes.swatch}`} data-self aria-hidden />
        <Text size="sm">{t('matrix.sameAssembly')}</Text>
      </Group>
    </Group>
  );
}
