import type { ItemWithVersions } from '@dp/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../test/fake-auth';
import { versionRoutes } from '../../../test/fake-catalog';
import { json, routeTable, stubFetch, type FakeAnswer } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { VersionsScreen } from './versions-screen';

// Signed in: the History actions ask GET /api/me who the user is.
vi.mock('react-oidc-context', () => ({ useAuth: () => signedIn() }));

const audit = {
  creation_time: '2024-01-01T00:00:00.000Z',
  modification_time: '2024-01-01T00:00:00.000Z',
  created_by: 'seed',
  updated_by: 'seed',
  etag: 'v',
};
const SYSTEMS: ItemWithVersions[] = [
  {
    href: '/api/systems/1',
    name: 'ETCS Onboard Unit',
    description: 'Train protection',
    image: null,
    ...audit,
    versions: [
      {
        href: '/api/systems/versions/7',
        name: '2.4.1',
        name2: null,
        description: 'Field release',
        rscp_link: 'https://rscp.example/7',
        image: null,
        parent_name: 'ETCS Onboard Unit',
        ...audit,
      },
    ],
  },
  { href: '/api/systems/2', name: 'Door control', description: '', image: null, ...audit, versions: [] },
];

const catalog = routeTable(versionRoutes('systems', SYSTEMS));
const posts: Array<{ url: string; body: unknown }> = [];
const deletes: Array<{ url: string; ifMatch: string | null }> = [];
/** The versions API of the systems, keeping the copies (POST) and deletions the screen sends. */
const answer: FakeAnswer = ({ method, path, url, body, headers }) => {
  const target = `${path}${url.search}`;
  if (method === 'DELETE') {
    deletes.push({ url: target, ifMatch: headers.get('If-Match') });
    if (target.endsWith('?with_compatibilities=true')) return json(204, null);
    return json(409, {
      statusCode: 409,
      error: 'Conflict',
      message: "Version 'ETCS Onboard Unit 2.4.1' cannot be deleted while 17 compatibility relations exist.",
      code: 'version.inUse.other',
      params: { label: 'ETCS Onboard Unit 2.4.1', count: 17 },
      compatibilities: 17,
    });
  }
  if (target === '/api/systems/versions/7/usage') return json(200, { compatibilities: 17, version_relations: 0 });
  if (method === 'POST') {
    posts.push({ url: target, body });
    return json(201, {
      ...SYSTEMS[0]?.versions[0],
      href: '/api/systems/versions/8',
      name: '2.4.2',
      copied_compatibilities: 17,
    });
  }
  return catalog({ method, path, url, body, headers, rawBody: null });
};

beforeEach(() => {
  posts.length = 0;
  deletes.length = 0;
  window.sessionStorage.clear();
  stubFetch(answer);
});

describe('VersionsScreen', { timeout: 20_000 }, () => {
  it("shows the chosen item's versions and copies one through the prefilled Copy Version dialog", async () => {
    const user = userEvent.setup();
    renderWithProviders(<VersionsScreen kind="systems" title="System versions" />);
    expect(screen.getByTestId('choose-item')).toHaveTextContent('Choose an entry in the list on the left.');

    await user.click(await screen.findByText('ETCS Onboard Unit'));
    expect(await screen.findByRole('heading', { name: 'Versions of ETCS Onboard Unit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy version 2.4.1' }));

    const dialog = (await screen.findByText('Copy Version')).closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('No dialog');
    // SPEC 5: name (and name2) of the original, a German 'Kopie von' comment, no rscp_link. Systems have no name2.
    expect(within(dialog).getByTestId('copy-name')).toHaveValue('2.4.1');
    expect(within(dialog).queryByTestId('copy-name2')).toBeNull();
    expect(within(dialog).getByTestId('copy-description')).toHaveValue('Kopie von: ETCS Onboard Unit 2.4.1');
    expect(within(dialog).getByTestId('copy-rscp-link')).toHaveValue('');
    // It says what the copy takes along, taken by default.
    const takeAlong = within(dialog).getByRole('checkbox', {
      name: 'Take along its compatibilities (with obligation texts and references) and version relations',
    });
    expect(takeAlong).toBeChecked();
    expect(
      await within(dialog).findByText('Compatibilities: 17, version relations: 0. Comments stay with the original.'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByTestId('copy-name'));
    await user.type(within(dialog).getByTestId('copy-name'), '2.4.2');
    await user.click(within(dialog).getByTestId('copy-submit'));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/systems/versions/7/copy',
      body: {
        name: '2.4.2',
        name2: null,
        description: 'Kopie von: ETCS Onboard Unit 2.4.1',
        rscp_link: null,
        with_compatibilities: true,
      },
    });
    expect(await screen.findByTestId('copy-result')).toHaveTextContent(
      'Version 2.4.2 was created; compatibilities copied: 17.',
    );
  });

  it('copies without compatibilities when the box is cleared', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VersionsScreen kind="systems" title="System versions" />);
    await user.click(await screen.findByText('ETCS Onboard Unit'));
    await user.click(await screen.findByRole('button', { name: 'Copy version 2.4.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Version' });
    await user.click(within(dialog).getByRole('checkbox'));
    await user.clear(within(dialog).getByTestId('copy-name'));
    await user.type(within(dialog).getByTestId('copy-name'), '3.0');
    await user.click(within(dialog).getByTestId('copy-submit'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toMatchObject({ name: '3.0', with_compatibilities: false });
  });

  it('offers to delete a refused version with its compatibilities, naming their count', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VersionsScreen kind="systems" title="System versions" />);
    await user.click(await screen.findByText('ETCS Onboard Unit'));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Really delete?' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete with compatibilities?' });
    expect(dialog).toHaveTextContent(
      'Version ETCS Onboard Unit 2.4.1 has 17 compatibilities. Deleting the version deletes them too',
    );
    expect(deletes).toEqual([{ url: '/api/systems/versions/7', ifMatch: 'v' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete version and 17 compatibilities' }));

    await waitFor(() => expect(deletes).toHaveLength(2));
    expect(deletes[1]).toEqual({ url: '/api/systems/versions/7?with_compatibilities=true', ifMatch: 'v' });
    expect(await screen.findByText('Entry deleted')).toBeInTheDocument();
  });

  it('declining the cascade deletes nothing and leaves the refusal on the row', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VersionsScreen kind="systems" title="System versions" />);
    await user.click(await screen.findByText('ETCS Onboard Unit'));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Really delete?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete with compatibilities?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Could not delete: .*cannot be deleted while 17 compatibility relations exist/,
    );
    expect(deletes).toHaveLength(1);
  });

  it('says so when an item has no versions', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VersionsScreen kind="systems" title="System versions" />);
    await user.click(await screen.findByText('Door control'));
    expect(await screen.findByTestId('table-no-data')).toHaveTextContent('No data');
  });
});
