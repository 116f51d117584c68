import { naturalCompare } from '@dp/contract';
import { MultiSelect, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter, serverMatchedOptions } from '../../../lib/folded-options-filter';
import classes from './matrix-selects.module.css';

export interface IdOption {
  value: number;
  label: string;
  disabled?: boolean;
}

/** Options for the given assembly version ids, named by `labels` and sorted by name. */
export function assemblyOptions(ids: Iterable<number> | undefined, labels: ReadonlyMap<number, string>): IdOption[] {
  const options: IdOption[] = [];
  for (const id of ids ?? []) {
    const label = labels.get(id);
    if (label !== undefined) options.push({ value: id, label });
  }
  return options.sort((a, b) => naturalCompare(a.label, b.label));
}

interface ChoiceSelectProps {
  label: string;
  placeholder: string;
  data: IdOption[];
  value: number | null;
  /** The option chosen (also when it is the current one), or null when cleared. */
  onChoose: (id: number | null) => void;
  loading?: boolean;
  disabled?: boolean;
  /** The typed text, when the options are what the server found for it (see useItemSearch). */
  search?: { value: string; onChange: (text: string) => void };
}

/**
 * A searchable single choice. Mantine does not deselect on its own here: every pick goes to
 * `onChoose`, and the selection rules decide what choosing the current option again means.
 */
export function ChoiceSelect({
  label,
  placeholder,
  data,
  value,
  onChoose,
  loading = false,
  disabled = false,
  search,
}: ChoiceSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<number>
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      searchable
      searchValue={search?.value}
      onSearchChange={search?.onChange}
      filter={search ? serverMatchedOptions : foldedOptionsFilter}
      clearable
      allowDeselect={false}
      onOptionSubmit={onChoose}
      onClear={() => onChoose(null)}
      nothingFoundMessage={t('matrix.nothingFound')}
      loading={loading}
      disabled={disabled}
      comboboxProps={{ zIndex: 1055 }}
      maxDropdownHeight={300}
    />
  );
}

interface AssemblyMultiSelectProps {
  label: string;
  placeholder: string;
  data: IdOption[];
  value: number[];
  max: number;
  onChange: (ids: number[]) => void;
  loading?: boolean;
  disabled?: boolean;
  /** Shown when there is nothing to choose from at all. */
  emptyMessage?: string;
}

/** Up to `max` assembly versions (SPEC 5); an attempt to choose more is ignored with a hint. */
export function AssemblyMultiSelect({
  label,
  placeholder,
  data,
  value,
  max,
  onChange,
  loading = false,
  disabled = false,
  emptyMessage,
}: AssemblyMultiSelectProps) {
  const { t } = useTranslation();
  const [overLimit, setOverLimit] = useState(false);
  const empty = !loading && !disabled && data.length === 0 && emptyMessage !== undefined;
  const description = empty ? (
    <Text span size="xs" c="orange.8" data-testid="matrix-empty-options">
      {emptyMessage}
    </Text>
  ) : overLimit ? (
    <Text span size="xs" c="orange.8" role="status">
      {t('matrix.maxReached', { max })}
    </Text>
  ) : (
    t('matrix.chosenCount', { chosen: value.length, max })
  );
  return (
    <MultiSelect<number>
      label={label}
      placeholder={value.length === 0 ? placeholder : undefined}
      description={description}
      // The hint goes below the field, so that the fields of a row line up with the single selects.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      data={data}
      value={value}
      onChange={(ids) => {
        setOverLimit(false);
        onChange(ids);
      }}
      classNames={{ pill: classes.pill }}
      maxValues={max}
      onMaxValues={() => setOverLimit(true)}
      searchable
      filter={foldedOptionsFilter}
      clearable
      nothingFoundMessage={data.length === 0 && emptyMessage ? emptyMessage : t('matrix.nothingFound')}
      loading={loading}
      disabled={disabled}
      comboboxProps={{ zIndex: 1055 }}
      maxDropdownHeight={300}
    />
  );
}
