import type { ReferenceName } from '@dp/contract';
import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface AddReferencesDialogProps {
  opened: boolean;
  /** How many rows are selected. */
  rowCount: number;
  references: ReferenceName[];
  saving: boolean;
  onClose: () => void;
  onApply: (referenceHrefs: string[]) => void;
}

/** Picks references to add to every selected row of a relation table (the table's head button). */
export function AddReferencesDialog({
  opened,
  rowCount,
  references,
  saving,
  onClose,
  onApply,
}: AddReferencesDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const close = () => {
    setChosen([]);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('compatibilityScreens.addReferences.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('compatibilityScreens.addReferences.intro', { count: rowCount })}</Text>
        <MultiSelect
          label={t('compatibilityScreens.columns.references')}
          data={references.map((reference) => ({ value: reference.href, label: reference.reference }))}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('compatibilityScreens.nothingFound')}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
          data-testid="add-references-select"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('compatibilityScreens.cancel')}
          </Button>
          <Button
            onClick={() => {
              onApply(chosen);
              setChosen([]);
            }}
            disabled={chosen.length === 0}
            loading={saving}
            data-testid="add-references-apply"
          >
            {t('compatibilityScreens.addReferences.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
