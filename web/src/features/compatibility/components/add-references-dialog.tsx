import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchedData, useSearchedOptions, type SelectOption } from '../../../components/editable-table';
import { serverMatchedOptions } from '../../../lib/folded-options-filter';
import { referenceSearch, REFERENCES_OFFERED } from '../api/reference-search';

interface AddReferencesDialogProps {
  opened: boolean;
  /** How many rows are selected. */
  rowCount: number;
  saving: boolean;
  onClose: () => void;
  /** The chosen references: href (value) and name (label). */
  onApply: (references: SelectOption[]) => void;
}

/**
 * Picks references to add to every selected row of a relation table (the table's head button). The server
 * offers the first 50 and, as the user types, those whose name contains the text; the chosen ones stay.
 */
export function AddReferencesDialog({ opened, rowCount, saving, onClose, onApply }: AddReferencesDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<SelectOption[]>([]);
  const [typed, setTyped] = useState('');
  const found = useSearchedOptions(referenceSearch, typed, opened);
  const chosenValues = chosen.map((option) => option.value);
  const data = searchedData(chosenValues, chosen, found.options, () => undefined);
  const reset = () => {
    setChosen([]);
    setTyped('');
  };
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('compatibilityScreens.addReferences.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('compatibilityScreens.addReferences.intro', { count: rowCount })}</Text>
        <MultiSelect
          label={t('compatibilityScreens.columns.references')}
          description={t('compatibilityScreens.addReferences.searchHint', { count: REFERENCES_OFFERED })}
          data={data}
          value={chosenValues}
          onChange={(values) => setChosen(data.filter((option) => values.includes(option.value)))}
          searchable
          searchValue={typed}
          onSearchChange={setTyped}
          filter={serverMatchedOptions}
          clearable
          hidePickedOptions
          nothingFoundMessage={
            found.loading ? t('compatibilityScreens.addReferences.searching') : t('compatibilityScreens.nothingFound')
          }
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
              reset();
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
