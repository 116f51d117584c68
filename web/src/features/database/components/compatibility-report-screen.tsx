import { Button, Checkbox, Select, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemSearch, type NamedItem } from '../../../components/use-item-search';
import { serverMatchedOptions } from '../../../lib/folded-options-filter';
import { downloadCompatibilityReport, type ReportScope } from '../api/compatibility-report';
import { ConfirmDialog } from './confirm-dialog';
import { DatabasePageHeader } from './database-page-header';

/** SPEC 2 'Compatibility report': one system or All systems, a Yes/No question, then report.xlsx. Every role. */
export function CompatibilityReportScreen() {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const [chosen, setChosen] = useState<NamedItem | undefined>(undefined);
  const systems = useItemSearch('systems', chosen);
  const [asking, setAsking] = useState(false);
  const download = useMutation({ mutationFn: (scope: ReportScope) => downloadCompatibilityReport(scope) });

  const systemId = chosen ? String(chosen.id) : null;
  const systemName = chosen?.name;
  // SPEC 5: needs All systems or a selected system.
  const scope: ReportScope | null = all ? 'all' : systemId ? { systemId } : null;

  return (
    <Stack gap="md" maw={640}>
      <DatabasePageHeader page="compatibilityReport" />
      <Checkbox
        label={t('database.compatibilityReport.allSystems')}
        checked={all}
        onChange={(event) => setAll(event.currentTarget.checked)}
        data-testid="report-all"
      />
      <Select
        label={t('database.compatibilityReport.system')}
        placeholder={t('database.compatibilityReport.systemPlaceholder')}
        data={systems.options.map((system) => ({ value: String(system.id), label: system.name }))}
        value={systemId}
        onChange={(_value, option) => setChosen(option ? { id: Number(option.value), name: option.label } : undefined)}
        searchable
        searchValue={systems.searchValue}
        onSearchChange={systems.onSearchChange}
        filter={serverMatchedOptions}
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
