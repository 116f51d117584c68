import { Badge, Group, Loader, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format';
import type { BackupChoice } from '../selection';

interface BackupListProps {
  label: string;
  /** Shown above the list before the backups (e.g. the 'Actual database state' tick that replaces them). */
  header?: ReactNode;
  choices: BackupChoice[];
  value: string | null;
  onChange: (name: string) => void;
  loading?: boolean;
  disabled?: boolean;
  testId: string;
}

/** Where a backup went: a LIVE and/or DEMO badge. */
export function TransferBadges({ transfers }: { transfers: BackupChoice['transfers'] }) {
  const { t } = useTranslation();
  const targets = (['www', 'demo'] as const).filter((to) => transfers.some((transfer) => transfer.to === to));
  return targets.map((to) => (
    <Badge
      key={to}
      size="xs"
      variant="light"
      color={to === 'www' ? 'teal' : 'grape'}
      title={t('database.transferredTo', { target: t(`database.targets.${to}`) })}
    >
      {t(`database.targets.${to}`)}
    </Badge>
  ));
}

/** A list of dated backups (dd.MM.yyyy HH:mm:ss, newest first) to pick one from. */
export function BackupList({
  label,
  header,
  choices,
  value,
  onChange,
  loading = false,
  disabled = false,
  testId,
}: BackupListProps) {
  const { t } = useTranslation();
  const id = useId();
  // Native radios sharing a name (not Radio.Group): the heading stays above the header (the 'Actual
  // database state' tick), and the group is still named by it.
  return (
    <Stack gap={6}>
      <Text id={`${id}-label`} fw={600} size="sm">
        {label}
      </Text>
      {header}
      <div role="radiogroup" aria-labelledby={`${id}-label`} data-testid={testId}>
        {loading ? (
          <Loader size="sm" mt="xs" role="status" aria-label={t('app.loading')} />
        ) : choices.length === 0 ? (
          <Text c="dimmed" size="sm" mt="xs" data-testid={`${testId}-empty`}>
            {t('database.noBackups')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={300} mt="xs" type="auto" offsetScrollbars>
            <Stack gap={6} py={2}>
              {choices.map((choice) => (
                <Radio
                  key={choice.name}
                  name={id}
                  value={choice.name}
                  checked={value === choice.name}
                  onChange={() => onChange(choice.name)}
                  disabled={disabled}
                  data-testid={`${testId}-entry`}
                  label={
                    <Group gap={6} wrap="nowrap" component="span">
                      <span>{formatDateTime(choice.created)}</span>
                      <TransferBadges transfers={choice.transfers} />
                    </Group>
                  }
                  description={
                    choice.origin ? t(`database.origins.${choice.origin}`, { by: choice.createdBy ?? '' }) : undefined
                  }
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </div>
    </Stack>
  );
}
