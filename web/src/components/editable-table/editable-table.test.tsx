import { foldedIncludes } from '@dp/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../lib/api-failure';
import { renderWithProviders } from '../../test/render';
import { optionsOf } from '../../test/dropdown';
import { DISMISS_GRACE_MS } from './add-dialog';
import { widthShares } from './column-widths';
import { EditableTable } from './editable-table';
import {
  REFERENCES_MISSING,
  SELECT_OPTIONS_MISSING,
  SELECT_OPTIONS_WRONG_TYPE,
  validateSelectOptions,
} from './select-options';
import type { ColumnDef, EditableTableProps, TableComment } from './types';
import { WORKING_TIMEOUT_MS } from './use-working';

interface Part {
  id: string;
  name: string;
  kind: string;
  active: boolean;
  comments?: TableComment[];
}

const PARTS: Part[] = [
  { id: '1', name: 'Bremse', kind: 'a', active: true },
  { id: '2', name: 'Système Ä', kind: 'b', active: false },
  { id: '3', name: 'Antrieb', kind: 'a', active: true },
  { id: '4', name: 'Zugsicherung', kind: 'b', active: false },
  { id: '5', name: 'Cockpit', kind: 'a', active: true },
];

const COLUMNS: ColumnDef<Part>[] = [
  { key: 'name', name: 'Name', isEditable: true, isSortable: true, filterable: true, width: 6 },
  {
    key: 'kind',
    name: 'Kind',
    type: 'select',
    isEditable: true,
    filterable: true,
    options: [
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ],
  },
  { key: 'active', name: 'Active', type: 'checkbox', isEditable: true, width: 3 },
];

type Props = Partial<EditableTableProps<Part>>;

function renderTable(props: Props = {}) {
  const all: EditableTableProps<Part> = {
    tableKey: `test-${Math.random()}`,
    rows: PARTS,
    columns: COLUMNS,
    getRowId: (row) => row.id,
    persistState: false,
    ...props,
  };
  return renderWithProviders(<EditableTable<Part> {...all} />);
}

/** The data rows in their shown order. */
const dataRows = () => screen.queryAllByTestId('table-row');
const rowOf = (name: string) => {
  const row = dataRows().find((r) => r.textContent?.includes(name) || within(r).queryByDisplayValue(name));
  if (!row) throw new Error(`No row ${name}`);
  return row;
};
const names = () => dataRows().map((r) => within(r).getAllByRole('cell')[0]?.textContent);

async function enterEditMode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Edit' }));
}

class Catch extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>caught: {this.state.error.message}</p> : this.props.children;
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('EditableTable display', () => {
  it('shows values in display mode, without inputs', () => {
    renderTable();
    expect(dataRows()).toHaveLength(5);
    expect(within(rowOf('Bremse')).getByText('Alpha')).toBeInTheDocument();
    expect(within(rowOf('Bremse')).getByRole('img', { name: 'Yes' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it("says 'No data' for an empty table and after a filter that matches nothing", async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable({ rows: [] });
    expect(screen.getByText('No data')).toBeInTheDocument();
    unmount();
    renderTable();
    expect(screen.queryByText('No data')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Filter Name' }), 'nothing like it');
    expect(screen.getByText('No data')).toBeInTheDocument();
  });

  it('gives each column its width as a share of the summed widths', () => {
    const { container } = renderTable();
    const widths = [...container.querySelectorAll('col[data-column]')].map((col) => (col as HTMLElement).style.width);
    // 6, 3 (default) and 3 of 12.
    expect(widths).toEqual(['50%', '25%', '25%']);
  });

  it('filters accent- and case-insensitively and by select option', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.type(screen.getByRole('textbox', { name: 'Filter Name' }), 'SYSTEME a');
    expect(names()).toEqual(['Système Ä']);
    await user.clear(screen.getByRole('textbox', { name: 'Filter Name' }));
    expect(dataRows()).toHaveLength(5);
    await user.click(screen.getByRole('combobox', { name: 'Filter Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    expect(names()).toEqual(['Système Ä', 'Zugsicherung']);
    expect(screen.getByText('2 of 5 rows')).toBeInTheDocument();
  });

  it('sorts by a sortable column, ascending then descending', async () => {
    const user = userEvent.setup();
    renderTable({ initialSort: { key: 'name' } });
    expect(names()).toEqual(['Antrieb', 'Bremse', 'Cockpit', 'Système Ä', 'Zugsicherung']);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Zugsicherung', 'Système Ä', 'Cockpit', 'Bremse', 'Antrieb']);
  });

  it('colours rows', () => {
    renderTable({ rowColor: (row) => (row.active ? 'green' : undefined) });
    expect(rowOf('Bremse').style.backgroundColor).toBe('var(--mantine-color-green-light)');
    expect(rowOf('Zugsicherung').style.backgroundColor).toBe('');
  });

  it('renders only the visible part of thousands of rows', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      id: String(i),
      name: `Part ${i}`,
      kind: 'a',
      active: i % 2 === 0,
    }));
    const started = performance.now();
    renderTable({ rows: many, height: 450 });
    const elapsed = performance.now() - started;
    expect(dataRows().length).toBeGreaterThan(5);
    expect(dataRows().length).toBeLessThan(40);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '5000');
    // Generous bound for slow CI machines; typically well under a second.
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('select options (SPEC 5)', () => {
  it('must be given', () => {
    expect(() => validateSelectOptions<Part>({ key: 'kind', name: 'Kind', type: 'select' })).toThrow(
      SELECT_OPTIONS_MISSING,
    );
    expect(SELECT_OPTIONS_MISSING).toBe('You must spicify select options');
  });

  it('a reference cell must be given its references', () => {
    expect(() => validateSelectOptions<Part>({ key: 'refs', name: 'References', type: 'references' })).toThrow(
      REFERENCES_MISSING,
    );
    expect(REFERENCES_MISSING).toBe('You must specify refenrences');
    expect(() =>
      validateSelectOptions<Part>({ key: 'refs', name: 'References', type: 'references', options: [] }),
    ).not.toThrow();
  });

  it('must be a function or an array', () => {
    const column = { key: 'kind', name: 'Kind', type: 'multiselect', options: 'a,b' } as unknown as ColumnDef<Part>;
    expect(() => validateSelectOptions(column)).toThrow(SELECT_OPTIONS_WRONG_TYPE);
    expect(SELECT_OPTIONS_WRONG_TYPE).toBe('Select options must be ether function or array');
    expect(() =>
      validateSelectOptions<Part>({ key: 'kind', name: 'Kind', type: 'select', options: () => [] }),
    ).not.toThrow();
  });

  it('stops the table from rendering when missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const columns: ColumnDef<Part>[] = [{ key: 'kind', name: 'Kind', type: 'select' }];
    renderWithProviders(
      <Catch>
        <EditableTable<Part> tableKey="broken" rows={PARTS} columns={columns} getRowId={(r) => r.id} />
      </Catch>,
    );
    expect(screen.getByText(`caught: ${SELECT_OPTIONS_MISSING}`)).toBeInTheDocument();
  });
});

describe('EditableTable single-row editing', () => {
  it('edits one row and saves only the changed fields', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    renderTable({ onSave });
    expect(screen.queryByRole('button', { name: 'Edit row' })).not.toBeInTheDocument();
    await enterEditMode(user);
    await user.click(within(rowOf('Bremse')).getByRole('button', { name: 'Edit row' }));
    const input = within(rowOf('Bremse')).getByRole('textbox', { name: 'Name' });
    // Only this row shows inputs.
    expect(screen.getAllByRole('textbox', { name: 'Name' })).toHaveLength(1);
    await user.clear(input);
    await user.type(input, 'Bremse 2');
    await user.click(within(rowOf('Bremse 2')).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(rowOf('Bremse 2')).getByRole('button', { name: 'Save row' }));
    expect(onSave).toHaveBeenCalledWith([{ row: PARTS[0], values: { name: 'Bremse 2', active: false } }]);
    // 'Save row' went with the row's edit: its outcome has the focus, not the page.
    expect(await screen.findByText('1 row saved')).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('cancels with the button and with Escape, keeping the old values', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    renderTable({ onSave });
    await enterEditMode(user);
    await user.click(within(rowOf('Antrieb')).getByRole('button', { name: 'Edit row' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' X');
    await user.click(screen.getByRole('button', { name: 'Cancel editing' }));
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(rowOf('Antrieb')).toHaveTextContent('Antrieb');

    await user.click(within(rowOf('Antrieb')).getByRole('button', { name: 'Edit row' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' Y');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(names()).toContain('Antrieb');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the row with Enter and lets Tab move between its fields', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    renderTable({ onSave });
    await enterEditMode(user);
    await user.click(within(rowOf('Cockpit')).getByRole('button', { name: 'Edit row' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveFocus();
    await user.click(name);
    await user.type(name, '!{Enter}');
    expect(onSave).toHaveBeenCalledWith([{ row: PARTS[4], values: { name: 'Cockpit!' } }]);
  });

  it("saving nothing changed sends nothing and says 'Nothing changed'", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    renderTable({ onSave });
    await enterEditMode(user);
    await user.click(within(rowOf('Cockpit')).getByRole('button', { name: 'Edit row' }));
    await user.click(screen.getByRole('button', { name: 'Save row' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('Nothing changed')).toBeInTheDocument();
  });
});

describe('EditableTable multiple edit', () => {
  it("'Save all' sends only the changed rows with only their changed fields", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    renderTable({ onSave, multiEdit: true });
    await enterEditMode(user);
    expect(screen.getAllByRole('textbox', { name: 'Name' })).toHaveLength(5);
    const saveAll = screen.getByRole('button', { name: 'Save all' });
    expect(saveAll).toBeDisabled();
    await user.type(within(rowOf('Bremse')).getByRole('textbox', { name: 'Name' }), '!');
    await user.click(within(rowOf('Antrieb')).getByRole('checkbox', { name: 'Active' }));
    // A change made and undone is no change.
    const cockpit = within(rowOf('Cockpit')).getByRole('textbox', { name: 'Name' });
    await user.type(cockpit, 'x{Backspace}');
    await user.click(saveAll);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith([
      { row: PARTS[0], values: { name: 'Bremse!' } },
      { row: PARTS[2], values: { active: false } },
    ]);
    // 'Save all' is disabled now: its outcome has the focus, not the page.
    expect(await screen.findByText('2 rows saved')).toHaveFocus();
  });

  it('keeps failed rows in edit with their message and counts the saved ones', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => ({ failed: [{ id: '1', message: 'name must not be empty', status: 400 }] }));
    renderTable({ onSave, multiEdit: true });
    await enterEditMode(user);
    await user.clear(within(rowOf('Bremse')).getByRole('textbox', { name: 'Name' }));
    await user.type(within(rowOf('Antrieb')).getByRole('textbox', { name: 'Name' }), '2');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    expect(await screen.findByText('Could not save: name must not be empty')).toBeInTheDocument();
    expect(screen.getByText('1 row saved')).toBeInTheDocument();
    // The failed row still holds what the user typed; Save all stays available for it.
    expect(screen.getByRole('button', { name: 'Save all' })).toBeEnabled();
  });
});

describe('EditableTable save failures', () => {
  it("shows a 412 message with 'Reload' on the row", async () => {
    const user = userEvent.setup();
    const onReload = vi.fn();
    const onSave = vi.fn(async () => {
      throw new ApiFailure({
        status: 412,
        statusText: 'Precondition Failed',
        error: 'Precondition Failed',
        message: 'intern changed this entry at 10:00.',
      });
    });
    renderTable({ onSave, onReload });
    await enterEditMode(user);
    await user.click(within(rowOf('Bremse')).getByRole('button', { name: 'Edit row' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '!{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this entry meanwhile: intern changed this entry at 10:00.');
    // The row stays in edit with what was typed.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Bremse!');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('prefixes other server messages with a translated lead-in', async () => {
    const user = userEvent.setup();
    const { i18n } = await import('../../lib/i18n');
    await i18n.changeLanguage('de');
    const onSave = vi.fn(async () => {
      throw new ApiFailure({
        status: 400,
        statusText: 'Bad Request',
        error: 'Bad Request',
        message: 'name: must not be empty',
      });
    });
    renderTable({ onSave });
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    await user.click(within(rowOf('Bremse')).getByRole('button', { name: 'Zeile bearbeiten' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '!{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Speichern fehlgeschlagen: name: must not be empty');
  });
});

describe('EditableTable delete', () => {
  it("asks 'Really delete?' before deleting", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(async () => {});
    renderTable({ onDelete });
    await enterEditMode(user);
    await user.click(within(rowOf('Cockpit')).getByRole('button', { name: 'Delete' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(within(rowOf('Cockpit')).getByRole('button', { name: 'Really delete?' }));
    expect(onDelete).toHaveBeenCalledWith(PARTS[4]);
    expect(await screen.findByText('Entry deleted')).toBeInTheDocument();
  });

  it('Escape cancels the delete confirm', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(async () => {});
    renderTable({ onDelete });
    await enterEditMode(user);
    await user.click(within(rowOf('Cockpit')).getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Really delete?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Really delete?' })).not.toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('shows why a delete failed', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(async () => {
      throw new ApiFailure({
        status: 409,
        statusText: 'Conflict',
        error: 'Conflict',
        message: 'The system still has versions.',
      });
    });
    renderTable({ onDelete });
    await enterEditMode(user);
    await user.click(within(rowOf('Cockpit')).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Really delete?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not delete: The system still has versions.');
  });

  it('add and delete can be switched off', async () => {
    const user = userEvent.setup();
    renderTable({ onDelete: vi.fn(), onAdd: vi.fn(), onSave: vi.fn(), allowAdd: false, allowDelete: false });
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    await enterEditMode(user);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Edit row' })).toHaveLength(5);
  });
});

describe('EditableTable selection', () => {
  it('selects with click, shift-click (range) and ctrl/cmd-click (toggle), only in edit mode', async () => {
    const user = userEvent.setup();
    const headerActions = vi.fn((selected: Part[]) => (
      <span data-testid="selected">{selected.map((p) => p.name).join(',')}</span>
    ));
    renderTable({ selectable: true, headerActions, initialSort: { key: 'name' } });
    // Display mode: clicks select nothing.
    await user.click(within(rowOf('Antrieb')).getByText('Antrieb'));
    await user.keyboard('{Shift>}');
    await user.click(within(rowOf('Cockpit')).getByText('Cockpit'));
    await user.keyboard('{/Shift}');
    expect(screen.getByTestId('selected')).toHaveTextContent('');
    expect(rowOf('Antrieb')).not.toHaveAttribute('aria-selected');

    await enterEditMode(user);
    await user.click(within(rowOf('Antrieb')).getByText('Antrieb'));
    await user.keyboard('{Shift>}');
    await user.click(within(rowOf('Système Ä')).getByText('Système Ä'));
    await user.keyboard('{/Shift}');
    expect(screen.getByTestId('selected')).toHaveTextContent('Bremse,Système Ä,Antrieb,Cockpit');
    expect(screen.getByText('4 selected')).toBeInTheDocument();

    await user.keyboard('{Control>}');
    await user.click(within(rowOf('Bremse')).getByText('Bremse'));
    await user.keyboard('{/Control}');
    expect(screen.getByTestId('selected')).toHaveTextContent('Système Ä,Antrieb,Cockpit');

    await user.keyboard('{Meta>}');
    await user.click(within(rowOf('Zugsicherung')).getByText('Zugsicherung'));
    await user.keyboard('{/Meta}');
    expect(screen.getByTestId('selected')).toHaveTextContent('Système Ä,Antrieb,Zugsicherung,Cockpit');

    // A plain click selects only that row.
    await user.click(within(rowOf('Bremse')).getByText('Bremse'));
    expect(screen.getByTestId('selected')).toHaveTextContent(/^Bremse$/);
    expect(rowOf('Bremse')).toHaveAttribute('aria-selected', 'true');

    // Leaving edit mode clears the selection.
    await user.click(screen.getByRole('button', { name: 'Finish editing' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('');
  });
});

describe('EditableTable working indicator', () => {
  it('clears itself after 5 seconds even if the call never ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onSave = vi.fn(() => new Promise<void>(() => {}));
    renderTable({ onSave });
    await enterEditMode(user);
    await user.click(within(rowOf('Bremse')).getByRole('button', { name: 'Edit row' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '!{Enter}');
    expect(screen.getByTestId('table-working')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(WORKING_TIMEOUT_MS - 100);
    });
    expect(screen.getByTestId('table-working')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByTestId('table-working')).not.toBeInTheDocument();
  });

  it('does not send a row again while its first save has not answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onSave = vi.fn(() => new Promise<void>(() => {}));
    renderTable({ onSave, multiEdit: true });
    await enterEditMode(user);
    await user.type(within(rowOf('Bremse')).getByRole('textbox', { name: 'Name' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    await act(async () => {
      vi.advanceTimersByTime(WORKING_TIMEOUT_MS);
    });
    expect(screen.queryByTestId('table-working')).not.toBeInTheDocument();
    // The indicator is gone, but Bremse is still on its way: only a newly changed row is sent.
    await user.type(within(rowOf('Antrieb')).getByRole('textbox', { name: 'Name' }), '?');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave).toHaveBeenLastCalledWith([
      { row: expect.objectContaining({ name: 'Antrieb' }), values: { name: 'Antrieb?' } },
    ]);
  });
});

describe('EditableTable add dialog', () => {
  const ADD_COLUMNS: ColumnDef<Part>[] = [
    ...COLUMNS,
    { key: 'created', name: 'Created', type: 'date', visibility: { add: false } },
    { key: 'kind2', name: 'Hidden from add', isEditable: true, visibility: { add: false } },
  ];

  it('adds with the editable fields only, using defaults', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn(async () => {});
    const columns = ADD_COLUMNS.map((c) => (c.key === 'kind' ? { ...c, default: 'b' } : c));
    renderTable({ onAdd, columns });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    expect(within(dialog).queryByLabelText('Created')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Hidden from add')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Neu');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onAdd).toHaveBeenCalledWith({ name: 'Neu', kind: 'b', active: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Entry added')).toBeInTheDocument();
  });

  it('stays open with the message when adding fails', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn(async () => {
      throw new ApiFailure({
        status: 400,
        statusText: 'Bad Request',
        error: 'Bad Request',
        message: 'name: must not be empty',
      });
    });
    renderTable({ onAdd });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not add: name: must not be empty');
  });

  it('ignores an outside click for 1.5 s after the mouse left the dialog', async () => {
    const user = userEvent.setup();
    let now = 10_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    renderTable({ onAdd: vi.fn(async () => {}) });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    const overlay = screen.getByTestId('add-dialog-overlay');

    // A text selection dragged out of the dialog and released outside.
    fireEvent.mouseLeave(dialog);
    now += 200;
    fireEvent.click(overlay);
    expect(screen.getByRole('dialog', { name: 'Add entry' })).toBeInTheDocument();

    now += DISMISS_GRACE_MS - 200 - 1;
    fireEvent.click(overlay);
    expect(screen.getByRole('dialog', { name: 'Add entry' })).toBeInTheDocument();

    now += 1;
    fireEvent.click(overlay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('EditableTable comments', () => {
  const COMMENT_COLUMNS: ColumnDef<Part>[] = [
    ...COLUMNS,
    { key: 'comments', name: 'Comments', type: 'comments', isEditable: true },
  ];
  const rows: Part[] = [
    {
      ...PARTS[0]!,
      comments: [
        { id: 1, comment: 'Mine', author: 'admin', canEdit: true },
        { id: 2, comment: 'Theirs', author: 'intern', canEdit: false },
      ],
    },
    PARTS[1]!,
  ];

  it('are read-only outside edit mode', async () => {
    const user = userEvent.setup();
    renderTable({ rows, columns: COMMENT_COLUMNS, onSave: vi.fn(), currentUser: 'admin' });
    await user.click(within(rowOf('Bremse')).getByRole('button', { name: 'Comments (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments' });
    expect(within(dialog).getByText('Mine')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'New comment' })).not.toBeInTheDocument();
  });

  it('can be added, edited and deleted (after Are you sure?) in edit mode; changes go back to the row', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    renderTable({ rows, columns: COMMENT_COLUMNS, onSave, currentUser: 'admin', canEditComments: () => true });
    await enterEditMode(user);
    await user.click(within(rowOf('Bremse')).getByRole('button', { name: 'Edit row' }));
    await user.click(within(rowOf('Bremse')).getByRole('button', { name: 'Comments (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments' });
    const entries = within(dialog).getAllByTestId('comment-entry');
    // Only the own comment offers edit and delete.
    expect(within(entries[1]!).queryByRole('button', { name: 'Edit comment' })).not.toBeInTheDocument();

    await user.click(within(entries[0]!).getByRole('button', { name: 'Edit comment' }));
    const editor = within(dialog).getByRole('textbox', { name: 'Edit comment' });
    await user.clear(editor);
    await user.type(editor, 'Mine, changed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await user.type(within(dialog).getByRole('textbox', { name: 'New comment' }), 'Fresh');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(within(dialog).getByText('Fresh')).toBeInTheDocument();

    const fresh = within(dialog).getAllByTestId('comment-entry')[2]!;
    await user.click(within(fresh).getByRole('button', { name: 'Delete comment' }));
    await user.click(within(fresh).getByRole('button', { name: 'Are you sure?' }));
    expect(within(dialog).queryByText('Fresh')).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'New comment' }), 'Kept');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(within(rowOf('Bremse')).getByRole('button', { name: 'Comments (3)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save row' }));
    expect(onSave).toHaveBeenCalledWith([
      {
        row: rows[0],
        values: {
          comments: [
            { id: 1, comment: 'Mine, changed', author: 'admin', canEdit: true, isChanged: true },
            { id: 2, comment: 'Theirs', author: 'intern', canEdit: false },
            { comment: 'Kept', author: 'admin', canEdit: true, isNew: true },
          ],
        },
      },
    ]);
  });
});

interface Tagged {
  id: string;
  name: string;
  kind: string;
  tags: string[];
}

const TAGGED: Tagged[] = [
  { id: '1', name: 'Bremse', kind: 'a', tags: [] },
  { id: '2', name: 'Antrieb', kind: 'b', tags: ['t1'] },
];

// Tags can be chosen only on rows of kind Beta (also an unsaved Beta); T2 is offered only there too.
const TAG_COLUMNS: ColumnDef<Tagged>[] = [
  { key: 'name', name: 'Name', width: 4 },
  {
    key: 'kind',
    name: 'Kind',
    type: 'select',
    isEditable: true,
    options: [
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ],
  },
  {
    key: 'tags',
    name: 'Tags',
    type: 'multiselect',
    isEditable: (_row, edited) => edited.kind === 'b',
    hidePickedOptions: true,
    options: (_row, edited) =>
      edited.kind === 'b'
        ? [
            { value: 't1', label: 'T1' },
            { value: 't2', label: 'T2' },
          ]
        : [{ value: 't1', label: 'T1' }],
  },
];

function renderTagged(props: Partial<EditableTableProps<Tagged>> = {}) {
  return renderWithProviders(
    <EditableTable<Tagged>
      tableKey={`tagged-${Math.random()}`}
      rows={TAGGED}
      columns={TAG_COLUMNS}
      getRowId={(row) => row.id}
      persistState={false}
      multiEdit
      {...props}
    />,
  );
}

/** The option names the open dropdown of `input` offers. */
async function offered(user: ReturnType<typeof userEvent.setup>, input: HTMLElement): Promise<string[]> {
  await user.click(input);
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('No dropdown');
  await waitFor(() => expect(within(list).queryAllByRole('option').length).toBeGreaterThan(0));
  return within(list)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

async function pick(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, name: string) {
  await user.click(input);
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('No dropdown');
  await user.click(await within(list).findByRole('option', { name }));
}

describe('EditableTable cells that depend on the unsaved row', { timeout: 20_000 }, () => {
  it('enables a cell and computes its options from the draft; clearing the condition disables it and drops its edit', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    renderTagged({ onSave });
    await enterEditMode(user);
    const tagsOf = (name: string) => within(rowOf(name)).getByRole('combobox', { name: 'Tags' });
    expect(tagsOf('Bremse')).toBeDisabled();
    expect(tagsOf('Antrieb')).toBeEnabled();

    await pick(user, within(rowOf('Bremse')).getByRole('combobox', { name: 'Kind' }), 'Beta');
    expect(tagsOf('Bremse')).toBeEnabled();
    // The options see the draft (kind Beta): T2 is offered.
    expect(await offered(user, tagsOf('Bremse'))).toEqual(['T1', 'T2']);
    await pick(user, tagsOf('Bremse'), 'T2');
    await user.keyboard('{Escape}');

    // Back to Alpha: the tags cell is disabled again and gives up its edit, so nothing is left to save.
    await pick(user, within(rowOf('Bremse')).getByRole('combobox', { name: 'Kind' }), 'Alpha');
    expect(tagsOf('Bremse')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save all' })).toBeDisabled();

    await pick(user, within(rowOf('Bremse')).getByRole('combobox', { name: 'Kind' }), 'Beta');
    await pick(user, tagsOf('Bremse'), 'T1');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    expect(onSave).toHaveBeenCalledWith([{ row: TAGGED[0], values: { kind: 'b', tags: ['t1'] } }]);
  });

  it('offers only options not chosen yet with hidePickedOptions', async () => {
    const user = userEvent.setup();
    renderTagged({ onSave: vi.fn(async () => {}) });
    await enterEditMode(user);
    const tags = within(rowOf('Antrieb')).getByRole('combobox', { name: 'Tags' });
    // Antrieb has T1 already.
    expect(await offered(user, tags)).toEqual(['T2']);
    // Choosing T2 leaves nothing more to offer.
    await user.click(await screen.findByRole('option', { name: 'T2' }));
    expect(screen.queryByRole('option', { name: 'T1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'T2' })).not.toBeInTheDocument();
  });
});

describe('EditableTable options found by the server (optionSearch)', { timeout: 20_000 }, () => {
  // More kinds than the server offers at once (2): only typing finds Épsilon.
  const KINDS = ['Alpha', 'Beta', 'Gamma', 'Épsilon'].map((label) => ({ value: label[0]!.toLowerCase(), label }));

  it('asks once the field has the focus and once typing pauses, keeps the choice named and saves it', async () => {
    const user = userEvent.setup();
    const search = vi.fn(async (text: string) => KINDS.filter((kind) => foldedIncludes(kind.label, text)).slice(0, 2));
    const onSave = vi.fn(async () => {});
    const columns: ColumnDef<Part>[] = COLUMNS.map((column) =>
      column.key === 'kind'
        ? {
            ...column,
            // The names of the rows' own kinds; the rest comes from the search.
            options: [
              { value: 'a', label: 'Alpha' },
              { value: 'b', label: 'Beta' },
            ],
            optionSearch: { queryKey: ['kinds'], search },
          }
        : column,
    );
    renderTable({ columns, onSave, multiEdit: true });
    await enterEditMode(user);
    const kind = within(rowOf('Bremse')).getByRole('combobox', { name: 'Kind' });
    expect(kind).toHaveValue('Alpha');
    // Five rows in edit mode, yet nothing is asked before a field has the focus.
    expect(search).not.toHaveBeenCalled();

    await user.click(kind);
    await waitFor(() => expect(optionsOf(kind)).toEqual(['Alpha', 'Beta']));
    await user.clear(kind);
    await user.type(kind, 'EPS');
    // The chosen kind stays offered beside what the server found; the input filters nothing itself.
    await waitFor(() => expect(optionsOf(kind)).toEqual(['Alpha', 'Épsilon']));
    expect(search.mock.calls.map(([text]) => text)).toEqual(['', 'EPS']);
    await user.click(within(document.getElementById(kind.getAttribute('aria-controls')!)!).getByText('Épsilon'));
    expect(kind).toHaveValue('Épsilon');

    await user.click(screen.getByRole('button', { name: 'Save all' }));
    expect(onSave).toHaveBeenCalledWith([{ row: PARTS[0], values: { kind: 'é' } }]);
  });
});

describe('EditableTable header and row actions', () => {
  it('tells headerActions whether the table is in edit mode', async () => {
    const user = userEvent.setup();
    const headerActions = vi.fn((_selected: Part[], { editing }: { editing: boolean }) =>
      editing ? <button type="button">Bulk</button> : null,
    );
    renderTable({ onSave: vi.fn(async () => {}), selectable: true, headerActions });
    expect(screen.queryByRole('button', { name: 'Bulk' })).not.toBeInTheDocument();
    expect(headerActions).toHaveBeenLastCalledWith([], expect.objectContaining({ editing: false }));
    await enterEditMode(user);
    expect(screen.getByRole('button', { name: 'Bulk' })).toBeInTheDocument();
    expect(headerActions).toHaveBeenLastCalledWith([], expect.objectContaining({ editing: true }));
  });

  it('lets headerActions fold an outside change into a pending edit (and only into one)', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    renderTable({
      onSave,
      multiEdit: true,
      headerActions: (_selected, { updateDraft }) => (
        <button
          type="button"
          onClick={() => ['1', '3'].forEach((id) => updateDraft(id, 'name', (value) => `${String(value)}+`))}
        >
          Merge
        </button>
      ),
    });
    await enterEditMode(user);
    await user.type(within(rowOf('Bremse')).getByRole('textbox', { name: 'Name' }), '!');
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    // Antrieb (id 3) had no pending name: it stays unchanged.
    expect(onSave).toHaveBeenCalledWith([{ row: PARTS[0], values: { name: 'Bremse!+' } }]);
  });

  it('shows rowActions in the actions column in display and edit mode', async () => {
    const user = userEvent.setup();
    const copy = vi.fn();
    renderTable({
      onSave: vi.fn(async () => {}),
      onDelete: vi.fn(async () => {}),
      rowActions: (row) => (
        <button type="button" onClick={() => copy(row.id)}>
          Copy {row.name}
        </button>
      ),
    });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await user.click(within(rowOf('Cockpit')).getByRole('button', { name: 'Copy Cockpit' }));
    expect(copy).toHaveBeenCalledWith('5');
    expect(within(rowOf('Cockpit')).queryByRole('button', { name: 'Edit row' })).not.toBeInTheDocument();
    await enterEditMode(user);
    expect(within(rowOf('Cockpit')).getByRole('button', { name: 'Copy Cockpit' })).toBeInTheDocument();
    expect(within(rowOf('Cockpit')).getByRole('button', { name: 'Edit row' })).toBeInTheDocument();
    expect(within(rowOf('Cockpit')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('lets the shared columns take only the width the fixed select and actions columns leave', async () => {
    const user = userEvent.setup();
    const { container } = renderTable({ onSave: vi.fn(async () => {}), selectable: true });
    const widths = () => [...container.querySelectorAll('col')].map((col) => (col as HTMLElement).style.width);
    expect(widths()).toEqual(['50%', '25%', '25%']);
    await enterEditMode(user);
    // 40 px select + 120 px actions come off first (jsdom writes the calc() in its normal form).
    expect(widths()).toEqual([
      '40px',
      'calc(0.5 * (100% - 160px))',
      'calc(0.25 * (100% - 160px))',
      'calc(0.25 * (100% - 160px))',
      '120px',
    ]);
    expect(widthShares(COLUMNS, 160)).toEqual([
      'calc((100% - 160px) * 0.5)',
      'calc((100% - 160px) * 0.25)',
      'calc((100% - 160px) * 0.25)',
    ]);
    // Once the table's width is known (browsers ignore calc() with % on columns): percentages of it.
    expect(widthShares(COLUMNS, 160, 1000)).toEqual(['42%', '21%', '21%']);
  });
});
