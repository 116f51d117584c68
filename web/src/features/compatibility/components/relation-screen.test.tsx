import type { ItemWithVersions } from '@dp/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { versionRoutes } from '../../../test/fake-catalog';
import { json, routeTable, stubFetch } from '../../../test/fetch-stub';
import { signedIn } from '../../../test/fake-auth';
import { renderWithProviders } from '../../../test/render';
import { RelationScreen } from './relation-screen';

vi.mock('react-oidc-context', () => ({ useAuth: () => signedIn() }));

const audit = {
  creation_time: '2024-01-01T00:00:00.000Z',
  modification_time: '2024-01-01T00:00:00.000Z',
  created_by: 'seed',
  updated_by: 'seed',
  etag: 'v',
};
const system = (id: number, name: string, versions: string[]): ItemWithVersions => ({
  href: `/api/systems/${id}`,
  name,
  description: '',
  image: null,
  ...audit,
  versions: versions.map((version, index) => ({
    href: `/api/systems/versions/${id * 10 + index}`,
    name: version,
    name2: null,
    description: '',
    rscp_link: null,
    image: null,
    parent_name: name,
    ...audit,
  })),
});
const SYSTEMS = [system(1, 'ETCS Onboard Unit', ['2.4.0', '2.4.1']), system(2, 'Türsteuerung', ['1.0'])];

const catalog = routeTable(versionRoutes('systems', SYSTEMS));
/** The paths asked for, in order. */
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  stubFetch((request) => {
    const { path } = request;
    asked.push(path);
    if (path === '/api/systems/page' || /^\/api\/systems\/\d+\/versions$/.test(path)) return catalog(request);
    if (path === '/api/me') return json(200, { username: 'admin', role: 'admin' });
    // Everything the relation table asks for: empty lists are enough here.
    if (path.endsWith('/candidates')) return json(200, { items: [], next: null });
    return json(200, []);
  });
});

describe('RelationScreen', { timeout: 20_000 }, () => {
  it('goes from item to version to the relation table; another item clears the version', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RelationScreen relationKey="systemsSystems" title="System - System compatibility" />);
    const items = await screen.findByTestId('items-list');
    // The server filters, accent- and case-insensitive, once typing pauses.
    await user.type(within(items).getByTestId('items-list-filter'), 'tursteu');
    await waitFor(() =>
      expect(
        within(items)
          .getAllByTestId('items-list-entry')
          .map((entry) => entry.textContent),
      ).toEqual(['Türsteuerung']),
    );
    await user.clear(within(items).getByTestId('items-list-filter'));

    await user.click(await within(items).findByText('ETCS Onboard Unit'));
    expect(screen.getByTestId('choose-version')).toHaveTextContent('Choose a version in the list on the left.');
    await user.click(within(screen.getByTestId('versions-list')).getByText('2.4.1'));
    expect(
      await screen.findByRole('heading', { name: 'System-System-Compatibility to: ETCS Onboard Unit 2.4.1' }),
    ).toBeInTheDocument();
    // The table asks for its rows, obligation texts and comments, but for no list of references (issue 14).
    await waitFor(() => expect(asked.some((path) => path.endsWith('/candidates'))).toBe(true));
    await waitFor(() => expect(asked).toContain('/api/compatibility_infos'));
    expect(asked.filter((path) => path.startsWith('/api/references'))).toEqual([]);

    await user.click(within(items).getByText('Türsteuerung'));
    expect(screen.queryByRole('heading', { name: /Compatibility to:/ })).toBeNull();
    expect(screen.getByTestId('choose-version')).toBeInTheDocument();
    expect(within(screen.getByTestId('versions-list')).getByText('1.0')).toBeInTheDocument();
  });

  it('hides and shows the lists with the arrow button, and moves through a list with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RelationScreen relationKey="systemsSystems" title="System - System compatibility" />);
    const entries = await screen.findAllByTestId('items-list-entry');
    const toggle = screen.getByTestId('toggle-selection-panel');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Show the selection lists');
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Hide the selection lists');

    entries[0]?.focus();
    await user.keyboard('{ArrowDown}');
    expect(entries[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(entries[1]).toHaveAttribute('aria-pressed', 'true');
  });
});
