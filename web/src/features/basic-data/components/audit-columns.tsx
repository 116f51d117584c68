import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCalendar, IconCalendarOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '../../../components/editable-table';

interface Audited {
  creation_time: string;
  modification_time: string;
  created_by: string;
  updated_by: string;
}

/** Keys of the columns the calendar button hides and shows (issue 4: created, modified and user). */
const AUDIT_COLUMN_KEYS = ['creation_time', 'modification_time', 'updated_by'];

/** SPEC 5: created / modified / user are read-only and not part of the Add dialog. */
export function auditColumns<Row extends Audited>(t: TFunction): ColumnDef<Row>[] {
  const readOnly = { visibility: { add: false } };
  return [
    {
      key: 'creation_time',
      name: t('basicDataScreens.created'),
      type: 'date',
      isSortable: true,
      width: 3,
      ...readOnly,
    },
    {
      key: 'modification_time',
      name: t('basicDataScreens.modified'),
      type: 'date',
      isSortable: true,
      width: 3,
      ...readOnly,
    },
    { key: 'updated_by', name: t('basicDataScreens.user'), isSortable: true, filterable: true, width: 2, ...readOnly },
  ];
}

/** The calendar toggle of the created / modified / user columns; returns the keys to hide and the button. */
export function useDateColumnsToggle() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(true);
  const label = shown ? t('basicDataScreens.hideDates') : t('basicDataScreens.showDates');
  const button = (
    <Tooltip label={label}>
      <ActionIcon
        variant={shown ? 'light' : 'default'}
        size="md"
        aria-label={label}
        aria-pressed={shown}
        onClick={() => setShown((on) => !on)}
      >
        {shown ? <IconCalendar size={18} aria-hidden /> : <IconCalendarOff size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
  return { hiddenColumns: shown ? [] : AUDIT_COLUMN_KEYS, button };
}
