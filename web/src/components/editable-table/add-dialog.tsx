import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellEditor } from './cells';
import { isEmpty } from './format';
import { isCellEditable, isEditableColumn, isMultiValue } from './select-options';
import type { ColumnDef } from './types';

/** SPEC 9: an outside click is ignored for this long after the mouse left the dialog. */
export const DISMISS_GRACE_MS = 1500;

/**
 * Outside-click dismissal that ignores the click of a drag which started inside the dialog (selecting
 * text, moving a slider) and ended outside: within DISMISS_GRACE_MS of the mouse leaving, nothing closes.
 */
function useDismissGuard(close: () => void) {
  const leftAt = useRef(Number.NEGATIVE_INFINITY);
  return {
    contentProps: { onMouseLeave: () => (leftAt.current = Date.now()) },
    onOutsideClick: () => {
      if (Date.now() - leftAt.current >= DISMISS_GRACE_MS) close();
    },
  };
}

/** The fields of the Add dialog: editable columns not hidden from it (SPEC 5: audit columns are not). */
function addColumnsOf<Row>(columns: ColumnDef<Row>[]): ColumnDef<Row>[] {
  return columns.filter((c) => isEditableColumn(c) && c.visibility?.add !== false && c.type !== 'comments');
}

function initialValues<Row>(columns: ColumnDef<Row>[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    const fallback =
      column.type === 'checkbox'
        ? false
        : isMultiValue(column.type)
          ? []
          : column.type === 'image' || column.type === 'select'
            ? null
            : '';
    values[column.key] = column.default !== undefined ? structuredClone(column.default) : fallback;
  }
  return values;
}

interface AddDialogProps<Row> {
  opened: boolean;
  columns: ColumnDef<Row>[];
  onClose: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
}

/** The Add dialog of a table; it stays open and shows the message when adding fails. */
export function AddDialog<Row>({ opened, columns, onClose, onSubmit }: AddDialogProps<Row>) {
  const { t } = useTranslation();
  const fields = addColumnsOf(columns);
  const [values, setValues] = useState<Record<string, unknown>>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setValues(initialValues(fields));
    setErrors({});
    setFailure(null);
    onClose();
  };
  const guard = useDismissGuard(close);

  const submit = async () => {
    const missing: Record<string, string> = {};
    for (const field of fields)
      if (field.required && isEmpty(values[field.key])) missing[field.key] = t('table.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(values);
      setBusy(false);
      setValues(initialValues(fields));
      onClose();
    } catch (error) {
      setBusy(false);
      setFailure(`${t('table.addFailed')} ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <Modal.Root opened={opened} onClose={close} closeOnClickOutside={false} size="lg">
      <Modal.Overlay onClick={guard.onOutsideClick} data-testid="add-dialog-overlay" />
      <Modal.Content {...guard.contentProps}>
        <Modal.Header>
          <Modal.Title>{t('table.addTitle')}</Modal.Title>
          <Modal.CloseButton aria-label={t('table.close')} />
        </Modal.Header>
        <Modal.Body>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Stack gap="sm">
              {fields.map((column, index) => (
                <CellEditor
                  key={column.key}
                  column={column}
                  row={undefined}
                  edited={values as Row}
                  disabled={!isCellEditable(column, values as Row)}
                  value={values[column.key]}
                  withLabel
                  autoFocus={index === 0}
                  error={errors[column.key]}
                  onChange={(value) => setValues((current) => ({ ...current, [column.key]: value }))}
                />
              ))}
              {failure && (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={busy}>
                  {t('table.cancel')}
                </Button>
                <Button type="submit" loading={busy}>
                  {t('table.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
