import { describe, expect, it } from 'vitest';
import type { ColumnDef } from './types';
import { INITIAL_TABLE_STATE, tableReducer, type TableAction, type TableState } from './use-table-state';

const run = (actions: TableAction[], from: TableState = INITIAL_TABLE_STATE) => actions.reduce(tableReducer, from);

const ROW = { id: '1', obligation: 'o1', references: ['r1'] };
const COLUMNS: ColumnDef<unknown>[] = [
  { key: 'obligation', name: 'Obligation', isEditable: true },
  {
    key: 'references',
    name: 'References',
    isEditable: (_row, edited) => Boolean((edited as typeof ROW).obligation),
  },
];
const change = (key: string, value: unknown): TableAction => ({
  type: 'changeCell',
  id: '1',
  key,
  value,
  row: ROW,
  columns: COLUMNS,
});

describe('tableReducer', () => {
  it('keeps only values that differ from the row in a draft', () => {
    expect(run([change('obligation', 'o2')]).drafts).toEqual({ '1': { obligation: 'o2' } });
    expect(run([change('obligation', 'o2'), change('obligation', 'o1')]).drafts).toEqual({ '1': {} });
  });

  it('drops the edit of a cell that the change disables', () => {
    const state = run([change('references', ['r1', 'r2']), change('obligation', '')]);
    expect(state.drafts).toEqual({ '1': { obligation: '' } });
  });

  it('edits one row at a time: starting another gives up the first one', () => {
    const state = run([{ type: 'startEdit', id: '1' }, change('obligation', 'o2'), { type: 'startEdit', id: '2' }]);
    expect(state.editingId).toBe('2');
    expect(state.drafts).toEqual({});
  });

  it('folds an outside change only into a value the row holds unsaved', () => {
    const state = run([
      change('references', ['r1', 'r2']),
      { type: 'updateDraft', id: '1', key: 'references', update: (value) => [...(value as string[]), 'r3'] },
      { type: 'updateDraft', id: '1', key: 'obligation', update: () => 'o9' },
    ]);
    expect(state.drafts).toEqual({ '1': { references: ['r1', 'r2', 'r3'] } });
  });

  it('leaving edit mode drops drafts, selection, errors and the delete confirm', () => {
    const state = run([
      { type: 'toggleEditMode' },
      change('obligation', 'o2'),
      { type: 'select', id: '1', mode: 'single', order: ['1'] },
      { type: 'askDelete', id: '1' },
      { type: 'deleteFailed', id: '1', error: { message: 'no', stale: false } },
      { type: 'toggleEditMode' },
    ]);
    expect(state).toEqual(INITIAL_TABLE_STATE);
  });

  it('after a save keeps failed rows in edit with their message and drops the others', () => {
    const editing = run([{ type: 'startEdit', id: '1' }, change('obligation', 'o2')]);
    const failed = tableReducer(editing, {
      type: 'saveFinished',
      ids: ['1'],
      saved: 0,
      done: [],
      failed: { '1': { message: 'refused', stale: true } },
    });
    expect(failed.editingId).toBe('1');
    expect(failed.drafts).toEqual(editing.drafts);
    expect(failed.errors).toEqual({ '1': { message: 'refused', stale: true } });
    expect(failed.status).toBeNull();

    const saved = tableReducer(failed, { type: 'saveFinished', ids: ['1'], saved: 1, done: ['1'], failed: {} });
    expect(saved.editingId).toBeNull();
    expect(saved.drafts).toEqual({});
    expect(saved.errors).toEqual({});
    expect(saved.status).toEqual({ kind: 'saved', count: 1 });
  });

  it("says 'unchanged' when a save finds nothing to send", () => {
    const state = run([
      { type: 'startEdit', id: '1' },
      { type: 'nothingToSave', ids: ['1'] },
    ]);
    expect(state.editingId).toBeNull();
    expect(state.status).toEqual({ kind: 'unchanged', count: 0 });
  });

  it('a reload after a conflict drops drafts, errors and the edited row', () => {
    const state = run([
      { type: 'startEdit', id: '1' },
      change('obligation', 'o2'),
      { type: 'deleteFailed', id: '1', error: { message: 'stale', stale: true } },
      { type: 'reloadRequested' },
    ]);
    expect(state.drafts).toEqual({});
    expect(state.errors).toEqual({});
    expect(state.editingId).toBeNull();
  });

  it('a deleted row loses its error and its edit', () => {
    const state = run([
      { type: 'startEdit', id: '1' },
      { type: 'deleteFailed', id: '1', error: { message: 'x', stale: false } },
      { type: 'deleteStarted' },
      { type: 'deleted', id: '1' },
    ]);
    expect(state.errors).toEqual({});
    expect(state.editingId).toBeNull();
    expect(state.status).toEqual({ kind: 'deleted', count: 1 });
  });
});
