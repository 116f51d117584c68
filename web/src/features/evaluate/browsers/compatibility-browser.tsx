import type { KindPath } from '@dp/contract';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useIsFetching } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WatchStar } from '../../../components/watch-star';
import { EvaluatePageHeader } from '../evaluate-page-header';
import type { EvaluatePageKey } from '../evaluate-pages';
import { useVersionCompatibilities } from '../api/use-version-compatibilities';
import { useAssemblyWarnings } from '../api/use-assembly-warnings';
import { CompatibilityListLabels } from '../labels/print-labels-button';
import { CompatibilityList } from './compatibility-list';
import { formatDateTime } from './display';
import { useSelectedVersion } from './use-selected-version';
import { VersionSelector } from './version-selector';

/** A column of a browser: the version selector, or the selected version's compatibilities to a kind. */
type BrowserColumn = 'selector' | KindPath;

interface CompatibilityBrowserProps {
  page: EvaluatePageKey;
  /** The kind whose versions are selected. */
  kind: KindPath;
  /** Left to right; exactly one is 'selector'. */
  columns: readonly [BrowserColumn, BrowserColumn, BrowserColumn];
}

function ListColumn({ kind, versionHref }: { kind: KindPath; versionHref: string | undefined }) {
  const { t } = useTranslation();
  const compatibilities = useVersionCompatibilities(versionHref, kind);
  const warnings = useAssemblyWarnings(versionHref, kind);
  // A failure is in the error banner; the list then ends its spinner.
  const records = compatibilities.isError ? [] : compatibilities.data;
  const heading = t(`browsers.lists.${kind}`);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={heading}>
      <Title order={2} size="h4" mb="xs">
        {heading}
      </Title>
      <CompatibilityListLabels records={records} list={heading} />
      <CompatibilityList
        heading={heading}
        kind={kind}
        records={records}
        active={versionHref !== undefined}
        warnings={warnings}
      />
    </Paper>
  );
}

/**
 * The System, Assembly and Sub-Assembly Compatibility Browsers (SPEC 2): pick a version of `kind`,
 * see its compatibilities in two lists, follow a row to the browser of the row's kind.
 */
export function CompatibilityBrowser({ page, kind, columns }: CompatibilityBrowserProps) {
  const { t } = useTranslation();
  const { selection, select } = useSelectedVersion(kind);
  const fetching = useIsFetching({ queryKey: ['evaluate'] }) > 0;
  const selected = selection?.state === 'selected' ? selection.version : undefined;

  return (
    <Stack gap="md">
      <EvaluatePageHeader page={page} loading={fetching}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} data-testid="selected-version">
            {selected ? selected.label : t('browsers.noSelection')}
          </Text>
          {selected && <WatchStar href={selected.href} label={selected.label} />}
        </Group>
        {selected && (
          <Text size="sm" c="dimmed" data-testid="modification-time">
            {t('browsers.modified', { date: formatDateTime(selected.modification_time) })}
          </Text>
        )}
        {/* The server sends the link to intern and admin only (SPEC 6). */}
        {selected?.rscp_link && (
          <Anchor href={selected.rscp_link} target="_blank" rel="noreferrer" size="sm" data-testid="rscp-link">
            {t('browsers.rscpLink')}
          </Anchor>
        )}
      </EvaluatePageHeader>

      {selection?.state === 'unmatched' && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('browsers.noMatchTitle')}
          data-testid="no-match"
        >
          {t('browsers.noMatch', { data: selection.data })}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {columns.map((column) =>
          column === 'selector' ? (
            <Paper
              key={column}
              withBorder
              p="sm"
              radius="md"
              component="section"
              aria-label={t(`browsers.headings.${kind}`)}
            >
              <Title order={2} size="h4" mb="xs">
                {t(`browsers.headings.${kind}`)}
              </Title>
              <VersionSelector
                kind={kind}
                heading={t(`browsers.headings.${kind}`)}
                selectedHref={selected?.href}
                onSelect={select}
              />
            </Paper>
          ) : (
            <ListColumn key={column} kind={column} versionHref={selected?.href} />
          ),
        )}
      </SimpleGrid>
    </Stack>
  );
}
