import { idOfHref } from '@dp/contract';
import { Button, Checkbox, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCompatibilityReport, useReportSystems, type ReportScope } from '../api/compatibility-report';
import { ConfirmDialog } from './confirm-dialog';

/** The server is asked once typing pauses, not for every key. */
const TYPING_PAUSE_MS = 250;

/** SPEC 2 'Compatibility report': one system or All systems, a Yes/No question, then report.xlsx. Every role. */
export function CompatibilityReportScreen() {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [typed, setTyped] = useState('');
  const [name] = useDebouncedValue(typed === chosen?.label ? '' : typed.trim(), TYPING_PAUSE_MS);
  const systems = useReportSystems(name);
  const [asking, setAsking] = useState(false);
  const download = useMutation({ mutationFn: (scope: ReportScope) => downloadCompatibilityReport(scope) });

  // The server's matches in its order (natural, by name), and the chosen system whatever was typed since.
  const options = useMemo(() => {
    const found = (systems.data?.items ?? []).map((system) => ({
      value: String(idOfHref(system.href)),
      label: system.name,
    }));
    return chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  }, [systems.data, chosen]);
  const systemId = chosen?.value ?? null;
  const systemName = chosen?.label;
  // SPEC 5: needs All systems or a selected system.
  const scope: ReportScope | null = all ? 'all' : systemId ? { systemId } : null;

  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={1} size="h2">
          {t('database.pages.compatibilityReport.title')}
        </Title>
        <Text c="dimmed">{t('database.pages.compatibilityReport.description')}</Text>
      </div>
      <Checkbox
        label={t('database.compatibilityReport.allSystems')}
        checked={all}
        onChange={(event) => setAll(event.currentTarget.checked)}
        data-testid="report-all"
      />
      <Select
        label={t('database.compatibilityReport.system')}
        placeholder={t('database.compatibilityReport.systemPlaceholder')}
        data={options}
        value={systemId}
        onChange={(_value, option) => setChosen(option ? { value: option.value, label: option.label } : null)}
        searchable
        searchValue={typed}
        onSearchChange={setTyped}
        // The server has matched the typed name already, ignoring case and accents.
        filter={({ options: matches }) => matches}
        clearable
        disabled={all}
        nothingFoundMessage={t('database.compatibilityReport.nothingFound')}
        data-testid="report-system"
      />
      <div>
        <Button
          onClick={() => setAsking(true)}
          disabled={scope === null}
          loading={download.isPending}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          data-testid="report-download"
        >
          {t('database.compatibilityReport.download')}
        </Button>
      </div>
      <ConfirmDialog
        opened={asking}
        title={t('database.compatibilityReport.confirmTitle')}
        onConfirm={() => {
          setAsking(false);
          if (scope) download.mutate(scope);
        }}
        onCancel={() => setAsking(false)}
        testId="report-confirm"
      >
        <Text>
          {all
            ? t('database.compatibilityReport.confirmAll')
            : t('database.compatibilityReport.confirmOne', { system: systemName ?? '' })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
