import type { AuditEntry } from '@dp/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { HistoryScreen } from './components/history-screen';
import { editScreenOf } from './history-links';
import { fakeServer, json } from './test-support';

function entry(id: number, extra: Partial<AuditEntry>): AuditEntry {
  return {
    id,
    at: '2026-03-03T08:09:10.000Z',
    actor: 'admin',
    action: 'update',
    entity: 'compatibility_info',
    entity_id: '7',
    href: '/api/compatibility_infos/7',
    change_set: String(1000 + id),
    changes: [],
    before: null,
    after: null,
    ...extra,
  };
}

describe('history screen', () => {
  it('shows who, when and before → after; a change set of many rows is one line that opens', async () => {
    const server = fakeServer({
      'GET /api/audit': () =>
        json(200, {
          items: [
            entry(9, { changes: [{ field: 'obligation', before: 'old text', after: 'new text' }] }),
            ...[8, 7, 6].map((id) =>
              entry(id, {
                entity: 'compatibility',
                entity_id: `/api/systems/versions/1/compatibilities/assemblies/${id}`,
                change_set: '500',
              }),
            ),
          ],
          next: null,
        }),
    });
    renderWithProviders(<HistoryScreen />, { route: '/database/history?entity=compatibility_info&entity_id=7' });
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByTestId('history-change').textContent).toBe('obligation: old text → new text');
    expect(within(rows[0]!).getByTestId('history-edit-link').getAttribute('href')).toBe(
      '/basic-data/obligations-intern',
    );
    expect(server.calls[0]!.url.searchParams.get('entity')).toBe('compatibility_info');
    expect(server.calls[0]!.url.searchParams.get('entity_id')).toBe('7');

    const set = screen.getByTestId('history-change-set');
    expect(set.textContent).toContain('3');
    await userEvent.click(within(set).getByRole('button', { expanded: false }));
    expect(await screen.findAllByTestId('history-row')).toHaveLength(4);
  });

  it('links each entity to the screen where it is edited', () => {
    expect(editScreenOf({ entity: 'assembly', entity_id: '3' })).toBe('/basic-data/assemblies');
    expect(editScreenOf({ entity: 'subassembly_version', entity_id: '3' })).toBe(
      '/compatibility/subassemblies-versions',
    );
    expect(
      editScreenOf({
        entity: 'compatibility',
        entity_id: '/api/assemblies/versions/1/compatibilities/subassemblies/2',
      }),
    ).toBe('/compatibility/assemblies-subassemblies-compatibility');
    expect(editScreenOf({ entity: 'containment', entity_id: '/api/systems/1/assemblies/2' })).toBe(
      '/basic-data/systems-relations',
    );
    expect(editScreenOf({ entity: 'backup', entity_id: '2026-01-01_00-00-00' })).toBeNull();
  });
});
