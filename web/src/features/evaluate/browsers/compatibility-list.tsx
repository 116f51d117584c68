import {
  versionLabelText,
  type CompatibilityRecord,
  type CompatibilityStatus,
  type KindPath,
  type VersionNaming,
} from '@dp/contract';
import { Center, Group, Loader, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CompatibilityText, STATUS_STYLE } from '../../../components/compatibility-status';
import { useAsOf, withAt } from '../as-of';
import { browserLink } from './browser-paths';
import { compareLabels, shortLabel, useNameLimit } from './display';
import { VirtualListbox } from './virtual-listbox';

interface Row {
  version: VersionNaming & { href: string; label: string };
  status: CompatibilityStatus;
  obligation: string | undefined;
  /** The compatibility's references; the server sends them to intern and admin only (SPEC 6). */
  references: string[];
}

const ROW_HEIGHT = 76;

/** The other side of each record, named as the server sends it, sorted by label. */
function toRows(records: CompatibilityRecord[]): Row[] {
  const rows: Row[] = [];
  for (const { to, ...record } of records) {
    if (to.parent_name !== undefined) {
      const naming = { parent_name: to.parent_name, name: to.name ?? null, name2: to.name2 ?? null };
      rows.push({
        version: { href: to.href, ...naming, label: versionLabelText(naming) },
        status: record.compatibility_info.compatibility_status,
        obligation: record.compatibility_info.obligation,
        references: record.references ?? [],
      });
    }
  }
  if (rows.length < records.length) console.warn('Some compatibilities setup failed'); // SPEC 8: unknown versions are skipped
  return rows.sort((a, b) => compareLabels(a.version.label, b.version.label));
}

/** The hint to check assembly-assembly compatibility. */
function AssemblyWarning() {
  const { t } = useTranslation();
  return (
    // German in every language, like the other tooltips of the evaluation (SPEC 1); the label is translated.
    <Tooltip
      label={t('browsers.checkAssembliesTooltip')}
      lang="de"
      multiline
      w="min(240px, calc(100vw - 32px))"
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <IconInfoCircle
        size={16}
        role="img"
        aria-label={t('browsers.checkAssemblies')}
        color="var(--mantine-color-orange-filled)"
        data-testid="assembly-warning"
      />
    </Tooltip>
  );
}

interface CompatibilityListProps {
  heading: string;
  kind: KindPath;
  /** Undefined while loading. */
  records: CompatibilityRecord[] | undefined;
  /** False until a version is selected. */
  active: boolean;
  /** For a list of assemblies: the rows (version hrefs) that get the hint to check assembly compatibility. */
  warnings?: Set<string>;
}

/** One compatibility list of a browser: rows coloured by status; a click opens the row's browser. */
export function CompatibilityList({ heading, kind, records, active, warnings }: CompatibilityListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { at } = useAsOf();
  const limit = useNameLimit();
  const height = useMediaQuery('(min-width: 62em)') ? 400 : 300;
  const rows = useMemo(() => (records ? toRows(records) : undefined), [records]);

  const message = (text: string) => (
    <Center h={height}>
      <Text c="dimmed" ta="center" px="md">
        {text}
      </Text>
    </Center>
  );
  if (!active) return message(t('browsers.selectVersion'));
  if (!rows) {
    return (
      <Center h={height}>
        <Loader size="sm" role="status" aria-label={t('browsers.loading')} />
      </Center>
    );
  }
  if (rows.length === 0) return message(t('browsers.noData'));

  return (
    <VirtualListbox
      items={rows}
      getKey={(row) => row.version.href}
      label={heading}
      height={height}
      rowHeight={ROW_HEIGHT}
      onActivate={(row) => void navigate(withAt(browserLink(kind, row.version.label), at))}
      testId={`compatibility-list-${kind}`}
      rowProps={(row) => {
        const { color } = STATUS_STYLE[row.status];
        return {
          title: row.version.label,
          'data-status': row.status,
          style: {
            background: `var(--mantine-color-${color}-light)`,
            borderLeft: `4px solid var(--mantine-color-${color}-filled)`,
          },
        };
      }}
      renderItem={(row) => (
        <div style={{ padding: '6px 8px' }}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {shortLabel(row.version, limit)}
            </Text>
            {warnings?.has(row.version.href) && <AssemblyWarning />}
            {row.references.length > 0 && (
              <Text size="xs" truncate ml="auto" maw="50%" data-testid="references">
                {t('browsers.references', { list: row.references.join(', ') })}
              </Text>
            )}
          </Group>
          <CompatibilityText status={row.status} obligation={row.obligation} />
        </div>
      )}
    />
  );
}
