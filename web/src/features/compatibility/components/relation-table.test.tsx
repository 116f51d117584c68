import {
  foldedIncludes,
  idOfHref,
  type Comment,
  type CompatibilityInfo,
  type CompatibilityRecord,
  type Infos,
  type ItemWithVersions,
  type Reference,
  type RelationRowPage,
} from '@dp/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterWrite, useDataFreshness } from '../../../lib/data-freshness';
import { sharedListKeys } from '../../../lib/shared-lists';
import { optionsOf } from '../../../test/dropdown';
import { apiError, json, stubFetch, type FakeAnswer } from '../../../test/fetch-stub';
import { signedIn } from '../../../test/fake-auth';
import { renderWithProviders } from '../../../test/render';
import { RelationTable } from './relation-table';

vi.mock('react-oidc-context', () => ({ useAuth: () => signedIn() }));

const audit = {
  creation_time: '2024-01-01T00:00:00.000Z',
  modification_time: '2024-01-01T00:00:00.000Z',
  created_by: 'seed',
  updated_by: 'seed',
  etag: 'v',
};
const version = (id: number, name: string, name2: string | null, parent: string) => ({
  href: `/api/assemblies/versions/${id}`,
  name,
  name2,
  description: '',
  rscp_link: null,
  image: null,
  parent_name: parent,
  ...audit,
});

const ASSEMBLIES: ItemWithVersions[] = [
  {
    href: '/api/assemblies/10',
    name: 'Brake control',
    description: '',
    image: null,
    ...audit,
    versions: [version(101, 'A1', 'M1', 'Brake control'), version(102, 'A2', null, 'Brake control')],
  },
  {
    href: '/api/assemblies/11',
    name: 'Door drive',
    description: '',
    image: null,
    ...audit,
    versions: [version(111, 'D1', null, 'Door drive'), version(112, 'D2', null, 'Door drive')],
  },
];
const INFOS: CompatibilityInfo[] = [
  { href: '/api/compatibility_infos/1', compatibility_status: 'allowed', obligation: 'Use freely' },
  { href: '/api/compatibility_infos/2', compatibility_status: 'forbidden', obligation: 'Never together' },
];
const REFERENCES: Reference[] = [
  { href: '/api/references/1', reference: 'REF-1', description: '', ...audit },
  { href: '/api/references/2', reference: 'REF-2', description: '', ...audit },
  { href: '/api/references/3', reference: 'REF-3', description: '', ...audit },
];
/** References the server has besides: more than it offers at once (50), so only a search finds the last. */
const MORE_REFERENCES: Reference[] = Array.from({ length: 60 }, (_, i) => ({
  href: `/api/references/${100 + i}`,
  reference: i === 59 ? 'Türverriegelung Prüfbericht' : `Zulassung ${100 + i}`,
  description: '',
  ...audit,
}));
/** Every reference of the fake server, renamed ones by their new name. */
let references: Reference[] = REFERENCES;
/** The data's modification time (GET /api/infos), which a write moves on. */
let modificationTime = '2024-01-01T00:00:00.000Z';

/** GET /api/references/page?reference=&limit= as the server answers it: matches folded, `limit` of them. */
function referencePage(url: URL) {
  const text = url.searchParams.get('reference') ?? '';
  const limit = Number(url.searchParams.get('limit') ?? '100');
  const items = references.filter((reference) => foldedIncludes(reference.reference, text));
  return { items: items.slice(0, limit), next: items.length > limit ? 'more' : null };
}
const nameOf = (href: string) => references.find((reference) => reference.href === href)?.reference ?? href;
const hrefOf = (name: string) => references.find((reference) => reference.reference === name)?.href ?? name;
const SYSTEM_VERSION = '/api/systems/versions/1';
const record = (toId: number, info: CompatibilityInfo, referenceNames: string[]): CompatibilityRecord => ({
  href: `${SYSTEM_VERSION}/compatibilities/assemblies/${toId}`,
  from: { href: SYSTEM_VERSION },
  to: { href: `/api/assemblies/versions/${toId}` },
  compatibility_info: info,
  // Held by href here, so that a renamed reference answers with its new name.
  references: referenceNames.map(hrefOf),
  etag: `"c${toId}"`,
});
// 101: allowed with REF-1; 111: forbidden with REF-1 and REF-2; 102 and 112: no compatibility.
const [ALLOWED, FORBIDDEN] = INFOS as [CompatibilityInfo, CompatibilityInfo];
const RECORDS = [record(101, ALLOWED, ['REF-1']), record(111, FORBIDDEN, ['REF-1', 'REF-2'])];
const COMMENTS: Comment[] = [];

// The assembly-assembly table of A1 (101): D1 (111) is allowed and has an own and a foreign comment;
// D2 (112) has the versionRelation flag.
const ASSEMBLY_VERSION = '/api/assemblies/versions/101';
const ASSEMBLY_RECORDS: CompatibilityRecord[] = [
  {
    ...record(111, ALLOWED, []),
    href: `${ASSEMBLY_VERSION}/compatibilities/assemblies/111`,
    from: { href: ASSEMBLY_VERSION },
  },
];
const comment = (id: number, text: string, author: string): Comment => ({
  id,
  href: `/api/commentaries/${id}`,
  comment: text,
  author,
  to_id: 111,
  creation_time: audit.creation_time,
  modification_time: audit.modification_time,
  etag: `"m${id}"`,
});
const ASSEMBLY_COMMENTS: Comment[] = [comment(7, 'Mine', 'admin'), comment(8, 'Theirs', 'intern')];

/**
 * GET {version}/compatibilities/assemblies/candidates as the server answers it (catalog order, one page):
 * every assembly version but `self`, with its compatibility from `records` and whether `flagged` holds it.
 */
function candidates(self: string, records: CompatibilityRecord[], flagged: string[] = []): RelationRowPage {
  const recordOf = new Map(records.map((entry) => [entry.to.href, entry]));
  const items = ASSEMBLIES.flatMap((item) => item.versions)
    .filter((entry) => entry.href !== self)
    .map((entry) => {
      const found = recordOf.get(entry.href);
      const hrefs = found?.references ?? [];
      return {
        href: entry.href,
        parent_name: entry.parent_name,
        name: entry.name,
        name2: entry.name2,
        obligation: found?.compatibility_info.href ?? null,
        status: found?.compatibility_info.compatibility_status ?? null,
        references: hrefs.map(nameOf),
        reference_hrefs: hrefs,
        etag: found?.etag ?? null,
        flag: flagged.includes(entry.href),
      };
    });
  return { items, next: null };
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}
const calls: Call[] = [];
let batchAnswer: () => Response = () => json(200, { created: 0, updated: 0, deleted: 0, unchanged: 0 });

/** The API of the two relation tables below; every request lands in `calls`. */
const answer: FakeAnswer = ({ method, path, url, body }) => {
  const target = `${path}${url.search}`;
  calls.push({ method, url: target, body });
  if (
    method === 'PUT' &&
    (target === `${SYSTEM_VERSION}/compatibilities/assemblies` ||
      target === `${ASSEMBLY_VERSION}/compatibilities/assemblies`)
  )
    return batchAnswer();
  if (method === 'GET' && path === '/api/references/page') return json(200, referencePage(url));
  if (method === 'GET' && path === '/api/infos')
    return json(200, { modification_time: modificationTime } satisfies Infos);
  const answers: Record<string, unknown> = {
    '/api/me': { username: 'admin', role: 'admin' },
    '/api/compatibility_infos': INFOS,
    [`${SYSTEM_VERSION}/compatibilities/assemblies/candidates`]: candidates(SYSTEM_VERSION, RECORDS),
    [`${SYSTEM_VERSION}/compatibilities/assemblies/commentaries`]: COMMENTS,
    [`${ASSEMBLY_VERSION}/compatibilities/assemblies/candidates`]: candidates(ASSEMBLY_VERSION, ASSEMBLY_RECORDS, [
      '/api/assemblies/versions/112',
    ]),
    [`${ASSEMBLY_VERSION}/compatibilities/assemblies/commentaries`]: ASSEMBLY_COMMENTS,
  };
  // The candidates come with their sort (and filters); the table's default sort is the catalog's.
  const route = path.endsWith('/candidates') ? path : target;
  if (method === 'GET' && route in answers) return json(200, answers[route]);
  return apiError(404, 'Not Found', `${method} ${target} was not expected.`);
};

beforeEach(() => {
  calls.length = 0;
  references = REFERENCES;
  modificationTime = '2024-01-01T00:00:00.000Z';
  window.sessionStorage.clear();
  stubFetch(answer);
});

function renderRelationTable() {
  return renderWithProviders(
    <RelationTable
      relationKey="systemsAssemblies"
      version={{ href: SYSTEM_VERSION, itemName: 'ETCS Onboard Unit', label: '2.4.1' }}
    />,
  );
}

/** The table row of the assembly version with part number `name`. */
function rowOf(name: string): HTMLElement {
  const row = screen
    .getAllByTestId('table-row')
    .find((element) => element.querySelector('[data-column="version"]')?.textContent === name);
  if (!row) throw new Error(`No row ${name}`);
  return row;
}

async function editMode(user: ReturnType<typeof userEvent.setup>) {
  await screen.findAllByTestId('table-row');
  await waitFor(() => expect(rowOf('A1')).toHaveTextContent('Use freely'));
  await user.click(screen.getByText('Edit'));
}

/** The option names the dropdown of the select `label` of `scope` offers. */
async function offered(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string): Promise<string[]> {
  const input = within(scope).getByRole('combobox', { name: label });
  await user.click(input);
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error(`No options of ${label}`);
  await waitFor(() => expect(within(list).queryAllByRole('option').length).toBeGreaterThan(0));
  const names = within(list)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  await user.keyboard('{Escape}');
  return names;
}

/** Opens a select of `scope` and picks the option `name` (scoped to its own list: byRole on the whole page is slow). */
async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, name: string) {
  const input = within(scope).getByRole('combobox', { name: label });
  await user.click(input);
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error(`No options of ${label}`);
  await user.click(await within(list).findByText(name));
}

const batchCalls = () => calls.filter((call) => call.method === 'PUT');
/** The requests for references: the `reference` text each search asked for (null: the first ones). */
const referenceCalls = () => calls.filter((call) => call.url.startsWith('/api/references'));
const referenceSearches = () =>
  referenceCalls().map((call) => {
    const url = new URL(call.url, 'http://localhost');
    expect(url.pathname).toBe('/api/references/page');
    expect(url.searchParams.get('limit')).toBe('50');
    return url.searchParams.get('reference');
  });

/** The names on the chosen-reference pills of the row `name` in edit mode. */
function pillsOf(name: string): string[] {
  const cell = rowOf(name).querySelector('[data-column="references"]');
  return [...(cell?.querySelectorAll('.mantine-Pill-label') ?? [])].map((pill) => pill.textContent ?? '');
}
const writeCalls = () => calls.filter((call) => call.method !== 'GET');

// Edit mode renders a select and a multi-select per row; on a busy machine a journey takes a few seconds.
describe('RelationTable', { timeout: 20_000 }, () => {
  it("is titled '{relation}-Compatibility to: {item} {version}' and lists every version of the target kind", async () => {
    renderRelationTable();
    expect(
      await screen.findByRole('heading', { name: 'System-Assembly-Compatibility to: ETCS Onboard Unit 2.4.1' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(4));
    expect(rowOf('A1')).toHaveTextContent('REF-1');
    expect(rowOf('D1')).toHaveTextContent('Never together');
    expect(rowOf('A2')).toHaveTextContent('No relation');
  });

  it("offers the admin each row's compatibility history, named by the compatibility's href", async () => {
    renderRelationTable();
    await waitFor(() => expect(within(rowOf('A1')).getByRole('link', { name: 'History' })).toBeInTheDocument());
    const toId = idOfHref(rowOf('A1').getAttribute('data-row-id')!);
    expect(within(rowOf('A1')).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      `/database/history?entity=compatibility&entity_id=${encodeURIComponent(`${SYSTEM_VERSION}/compatibilities/assemblies/${toId}`)}`,
    );
  });

  it('save-all sends one batch with only the changed rows: null for a cleared obligation, the ETag of rows that had one', async () => {
    const user = userEvent.setup();
    batchAnswer = () => json(200, { created: 1, updated: 0, deleted: 1, unchanged: 0 });
    renderRelationTable();
    await editMode(user);

    // A2 gets an obligation (creates), A1 loses its obligation (deletes); D1 and D2 stay as they are.
    await choose(user, rowOf('A2'), 'Obligation text', 'Forbidden: Never together');
    await choose(user, rowOf('A1'), 'Obligation text', 'Allowed: Use freely');
    await user.click(screen.getByText('Save all'));

    await waitFor(() => expect(batchCalls()).toHaveLength(1));
    const rows = (batchCalls()[0]?.body as { rows: Array<{ to_id: number }> }).rows;
    expect([...rows].sort((a, b) => a.to_id - b.to_id)).toEqual([
      { to_id: 101, compatibility_info: null, references: [], etag: '"c101"' },
      // A2 had no compatibility: null says so, and one created meanwhile is a conflict.
      { to_id: 102, compatibility_info: { href: '/api/compatibility_infos/2' }, references: [], etag: null },
    ]);
    expect(writeCalls()).toHaveLength(1);
    expect(await screen.findByText('Saved: 1 created, 0 changed, 1 removed.')).toBeInTheDocument();
  });

  it('shows the failures a refused batch lists on their rows, and a 412 with Reload', async () => {
    const user = userEvent.setup();
    batchAnswer = () =>
      json(412, {
        statusCode: 412,
        error: 'Precondition Failed',
        message:
          '1 of 2 rows could not be saved, so nothing was saved. Someone else changed this row (intern, 2024-05-01T10:00:00.000Z) after you loaded it; reload to see the current state.',
        rows: [
          {
            to_id: 111,
            statusCode: 412,
            message:
              'Someone else changed this row (intern, 2024-05-01T10:00:00.000Z) after you loaded it; reload to see the current state.',
          },
        ],
      });
    renderRelationTable();
    await editMode(user);

    await choose(user, rowOf('D1'), 'Obligation text', 'Allowed: Use freely');
    await choose(user, rowOf('D2'), 'Obligation text', 'Allowed: Use freely');
    await user.click(screen.getByText('Save all'));

    await waitFor(() => expect(screen.getAllByTestId('row-error')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('row-error');
    // Each error line follows its own row: D1 was refused (412), D2 was only not written.
    if (!first || !second) throw new Error('Two error lines expected');
    expect(first.previousElementSibling).toBe(rowOf('D1'));
    expect(first).toHaveTextContent('Someone else changed this row (intern, 2024-05-01T10:00:00.000Z)');
    expect(within(first).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(second.previousElementSibling).toBe(rowOf('D2'));
    expect(second).toHaveTextContent('Not saved: other rows of this save were refused.');
    expect(within(second).queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(screen.getByTestId('relation-notice')).toHaveTextContent(
      'Someone else changed 1 of these rows after you loaded them',
    );
  });

  it('adds references to the selected rows, skipping rows without an obligation and references a row has already', async () => {
    const user = userEvent.setup();
    batchAnswer = () => json(200, { created: 0, updated: 2, deleted: 0, unchanged: 0 });
    renderRelationTable();
    await editMode(user);

    // Select all four rows: A1 (REF-1), A2 (none), D1 (REF-1, REF-2), D2 (none).
    for (const name of ['A1', 'A2', 'D1', 'D2'])
      await user.click(within(rowOf(name)).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByText('Add references (4)'));
    const dialog = (await screen.findByText('Add references to the selected rows')).closest<HTMLElement>(
      '[role="dialog"]',
    );
    if (!dialog) throw new Error('No dialog');
    await choose(user, dialog, 'References', 'REF-1');
    await choose(user, dialog, 'References', 'REF-2');
    await user.click(within(dialog).getByText('Add and save'));

    await waitFor(() => expect(batchCalls()).toHaveLength(1));
    // Only A1 gains a reference (REF-2); D1 has both already; A2 and D2 have no obligation.
    expect(batchCalls()[0]?.body).toEqual({
      rows: [
        {
          to_id: 101,
          compatibility_info: { href: '/api/compatibility_infos/1' },
          references: ['/api/references/1', '/api/references/2'],
          etag: '"c101"',
        },
      ],
    });
    expect(
      await screen.findByText(
        'References added to 1 rows. Skipped: 2 rows without an obligation text, 3 references the row had already.',
      ),
    ).toBeInTheDocument();
  });

  it('adds references to a row whose obligation is chosen but not saved, and Save all saves them together', async () => {
    const user = userEvent.setup();
    batchAnswer = () => json(200, { created: 1, updated: 0, deleted: 0, unchanged: 0 });
    renderRelationTable();
    await editMode(user);

    // A2 has no compatibility; its obligation is chosen in the open edit only.
    await choose(user, rowOf('A2'), 'Obligation text', 'Forbidden: Never together');
    await user.click(within(rowOf('A2')).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByText('Add references (1)'));
    const dialog = (await screen.findByText('Add references to the selected rows')).closest<HTMLElement>(
      '[role="dialog"]',
    );
    if (!dialog) throw new Error('No dialog');
    await choose(user, dialog, 'References', 'REF-3');
    await user.click(within(dialog).getByText('Add and save'));
    expect(
      await screen.findByText(/References added to 1 rows\. Skipped: 0 rows without an obligation text/),
    ).toBeInTheDocument();
    // Nothing is written yet: a reference needs its obligation, which is still only in the edit. The row
    // shows the reference by the name the dialog offered it with.
    expect(batchCalls()).toHaveLength(0);
    expect(pillsOf('A2')).toEqual(['REF-3']);

    await user.click(screen.getByText('Save all'));
    await waitFor(() => expect(batchCalls()).toHaveLength(1));
    expect(batchCalls()[0]?.body).toEqual({
      rows: [
        {
          to_id: 102,
          compatibility_info: { href: '/api/compatibility_infos/2' },
          references: ['/api/references/3'],
          etag: null,
        },
      ],
    });
  });

  it('shows why the rows could not be loaded, with a retry, instead of an empty table', async () => {
    const user = userEvent.setup();
    let failing = true;
    stubFetch((request) =>
      failing && request.path.endsWith('/candidates')
        ? apiError(503, 'Service Unavailable', 'The database is not reachable.')
        : answer(request),
    );
    renderRelationTable();
    const alert = await screen.findByTestId('load-error');
    expect(alert).toHaveTextContent('The data could not be loaded');
    expect(screen.queryByTestId('table-no-data')).toBeNull();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('load-error')).toBeNull());
    await waitFor(() => expect(rowOf('A1')).toHaveTextContent('REF-1'));
  });

  it('opens without any list of references: each row names its own, also in edit mode', async () => {
    const user = userEvent.setup();
    renderRelationTable();
    await waitFor(() => expect(rowOf('D1')).toHaveTextContent('Never together'));
    expect(
      within(rowOf('D1'))
        .getAllByText(/^REF-/)
        .map((badge) => badge.textContent),
    ).toEqual(['REF-1', 'REF-2']);
    await editMode(user);
    expect(pillsOf('D1')).toEqual(['REF-1', 'REF-2']);
    expect(pillsOf('A1')).toEqual(['REF-1']);
    // Neither opening the table nor its edit mode asks for references: only a focused field does.
    expect(referenceCalls()).toEqual([]);
  });

  it('asks the server for the references matching what is typed, once typing pauses, and keeps the choice named', async () => {
    const user = userEvent.setup();
    references = [...REFERENCES, ...MORE_REFERENCES];
    batchAnswer = () => json(200, { created: 0, updated: 1, deleted: 0, unchanged: 0 });
    renderRelationTable();
    await editMode(user);
    const input = within(rowOf('A1')).getByRole('combobox', { name: 'References' });

    // The focused field offers the first 50 by the server's order, but the one A1 has already.
    await user.click(input);
    await waitFor(() => expect(optionsOf(input)).toHaveLength(49));
    expect(optionsOf(input).slice(0, 3)).toEqual(['REF-2', 'REF-3', 'Zulassung 100']);
    expect(optionsOf(input)).not.toContain('Türverriegelung Prüfbericht');
    expect(referenceSearches()).toEqual([null]);

    // Typed quickly: one request once typing pauses, with the text as typed (the server folds it).
    await user.type(input, 'TURVER');
    await waitFor(() => expect(optionsOf(input)).toEqual(['Türverriegelung Prüfbericht']));
    expect(referenceSearches()).toEqual([null, 'TURVER']);

    await user.click(within(document.getElementById(input.getAttribute('aria-controls')!)!).getByText(/^Türver/));
    expect(pillsOf('A1')).toEqual(['REF-1', 'Türverriegelung Prüfbericht']);
    // Another search does not take the name of the reference chosen from the last one.
    await user.type(input, 'zulassung 10');
    await waitFor(() => expect(optionsOf(input)).toContain('Zulassung 105'));
    expect(pillsOf('A1')).toEqual(['REF-1', 'Türverriegelung Prüfbericht']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByText('Save all'));
    await waitFor(() => expect(batchCalls()).toHaveLength(1));
    expect(batchCalls()[0]?.body).toEqual({
      rows: [
        {
          to_id: 101,
          compatibility_info: { href: '/api/compatibility_infos/1' },
          references: ['/api/references/1', '/api/references/159'],
          etag: '"c101"',
        },
      ],
    });
  });

  it("the 'Add references' dialog finds references by what is typed, accent- and case-insensitively", async () => {
    const user = userEvent.setup();
    references = [...REFERENCES, ...MORE_REFERENCES];
    batchAnswer = () => json(200, { created: 0, updated: 1, deleted: 0, unchanged: 0 });
    renderRelationTable();
    await editMode(user);
    await user.click(within(rowOf('D1')).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByText('Add references (1)'));
    const dialog = (await screen.findByText('Add references to the selected rows')).closest<HTMLElement>(
      '[role="dialog"]',
    );
    if (!dialog) throw new Error('No dialog');
    expect(dialog).toHaveTextContent('The first 50 are listed; type to find others.');
    const input = within(dialog).getByRole('combobox', { name: /References/ });
    await user.click(input);
    await waitFor(() => expect(optionsOf(input)).toHaveLength(50));
    await user.type(input, 'prufbericht');
    await waitFor(() => expect(optionsOf(input)).toEqual(['Türverriegelung Prüfbericht']));
    expect(referenceSearches()).toEqual([null, 'prufbericht']);
    await user.click(within(document.getElementById(input.getAttribute('aria-controls')!)!).getByText(/^Türver/));
    await user.click(within(dialog).getByText('Add and save'));

    await waitFor(() => expect(batchCalls()).toHaveLength(1));
    expect(batchCalls()[0]?.body).toEqual({
      rows: [
        {
          to_id: 111,
          compatibility_info: { href: '/api/compatibility_infos/2' },
          references: ['/api/references/1', '/api/references/2', '/api/references/159'],
          etag: '"c111"',
        },
      ],
    });
  });

  it('shows a reference renamed elsewhere by its new name once that write is done, in the rows and the offers', async () => {
    const user = userEvent.setup();
    // What the references screen does after a rename, and what the app shell does when the data changes.
    function RenameElsewhere() {
      useDataFreshness(true);
      const afterWrite = useAfterWrite();
      return (
        <button type="button" onClick={() => void afterWrite([sharedListKeys.references])}>
          Renamed elsewhere
        </button>
      );
    }
    renderWithProviders(
      <>
        <RenameElsewhere />
        <RelationTable
          relationKey="systemsAssemblies"
          version={{ href: SYSTEM_VERSION, itemName: 'ETCS Onboard Unit', label: '2.4.1' }}
        />
      </>,
    );
    await editMode(user);
    const input = within(rowOf('A1')).getByRole('combobox', { name: 'References' });
    await user.click(input);
    await waitFor(() => expect(optionsOf(input)).toEqual(['REF-2', 'REF-3']));
    await user.keyboard('{Escape}');

    references = REFERENCES.map((reference) =>
      reference.reference === 'REF-2' ? { ...reference, reference: 'REF-2 (renamed)' } : reference,
    );
    modificationTime = '2024-01-02T00:00:00.000Z';
    await user.click(screen.getByRole('button', { name: 'Renamed elsewhere' }));
    await waitFor(() => expect(pillsOf('D1')).toEqual(['REF-1', 'REF-2 (renamed)']));
    await user.click(input);
    await waitFor(() => expect(optionsOf(input)).toEqual(['REF-2 (renamed)', 'REF-3']));
    expect(referenceCalls().some((call) => call.url.includes('/names'))).toBe(false);
  });

  it("shows 'Add references' only in edit mode", async () => {
    const user = userEvent.setup();
    renderRelationTable();
    await screen.findAllByTestId('table-row');
    expect(screen.queryByTestId('add-references')).toBeNull();
    await editMode(user);
    expect(screen.getByTestId('add-references')).toBeDisabled();
  });

  it('offers references only once the row has an obligation (also an unsaved one), and only those not chosen yet', async () => {
    const user = userEvent.setup();
    renderRelationTable();
    await editMode(user);
    const referencesOf = (name: string) => within(rowOf(name)).getByRole('combobox', { name: 'References' });

    // A2 has no obligation: its references cell is disabled until one is chosen.
    expect(referencesOf('A2')).toBeDisabled();
    await choose(user, rowOf('A2'), 'Obligation text', 'Forbidden: Never together');
    expect(referencesOf('A2')).toBeEnabled();
    expect(await offered(user, rowOf('A2'), 'References')).toEqual(['REF-1', 'REF-2', 'REF-3']);
    // A1 has REF-1 already.
    expect(await offered(user, rowOf('A1'), 'References')).toEqual(['REF-2', 'REF-3']);

    // Choosing a reference and then clearing the obligation disables the cell again and drops the reference.
    await choose(user, rowOf('A2'), 'References', 'REF-3');
    await user.keyboard('{Escape}');
    await choose(user, rowOf('A2'), 'Obligation text', 'Forbidden: Never together');
    expect(referencesOf('A2')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save all' })).toBeDisabled();
  });

  it('keeps references added by the head button in a row whose references were being edited', async () => {
    const user = userEvent.setup();
    batchAnswer = () => json(200, { created: 0, updated: 1, deleted: 0, unchanged: 0 });
    renderRelationTable();
    await editMode(user);

    // A1 (REF-1): REF-2 chosen in the cell, not saved yet.
    await choose(user, rowOf('A1'), 'References', 'REF-2');
    await user.keyboard('{Escape}');
    // Then REF-3 added to A1 through the head button (saved at once).
    await user.click(within(rowOf('A1')).getByRole('checkbox', { name: 'Select row' }));
    await user.click(screen.getByText('Add references (1)'));
    const dialog = (await screen.findByText('Add references to the selected rows')).closest<HTMLElement>(
      '[role="dialog"]',
    );
    if (!dialog) throw new Error('No dialog');
    await choose(user, dialog, 'References', 'REF-3');
    await user.click(within(dialog).getByText('Add and save'));
    await waitFor(() => expect(batchCalls()).toHaveLength(1));
    expect(batchCalls()[0]?.body).toEqual({
      rows: [
        {
          to_id: 101,
          compatibility_info: { href: '/api/compatibility_infos/1' },
          references: ['/api/references/1', '/api/references/3'],
          etag: '"c101"',
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Save all sends the pending REF-2 without dropping REF-3.
    await user.click(screen.getByText('Save all'));
    await waitFor(() => expect(batchCalls()).toHaveLength(2));
    expect(batchCalls()[1]?.body).toEqual({
      rows: [
        {
          to_id: 101,
          compatibility_info: { href: '/api/compatibility_infos/1' },
          references: ['/api/references/1', '/api/references/2', '/api/references/3'],
          etag: '"c101"',
        },
      ],
    });
  });

  it('save-all sends obligations, flags and comments of every row in one request', async () => {
    const user = userEvent.setup();
    batchAnswer = () => json(200, { created: 1, updated: 0, deleted: 0, unchanged: 2 });
    renderWithProviders(
      <RelationTable
        relationKey="assembliesAssemblies"
        version={{ href: ASSEMBLY_VERSION, itemName: 'Brake control', label: 'A1' }}
      />,
    );
    await screen.findAllByTestId('table-row');
    await waitFor(() => expect(rowOf('D1')).toHaveTextContent('Use freely'));
    await waitFor(() => expect(within(rowOf('D2')).getByRole('img', { name: 'Yes' })).toBeInTheDocument());
    await user.click(screen.getByText('Edit'));

    // A2: a new obligation; D1: the flag set, the own comment changed and one added; D2: the flag cleared.
    await choose(user, rowOf('A2'), 'Obligation text', 'Forbidden: Never together');
    await user.click(within(rowOf('D1')).getByRole('checkbox', { name: 'Version relation' }));
    await user.click(within(rowOf('D2')).getByRole('checkbox', { name: 'Version relation' }));
    await user.click(within(rowOf('D1')).getByRole('button', { name: 'Comments (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments' });
    const [mine] = within(dialog).getAllByTestId('comment-entry');
    await user.click(within(mine!).getByRole('button', { name: 'Edit comment' }));
    const editor = within(dialog).getByRole('textbox', { name: 'Edit comment' });
    await user.clear(editor);
    await user.type(editor, 'Mine, changed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'New comment' }), 'Fresh');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByText('Save all'));

    await waitFor(() => expect(batchCalls()).toHaveLength(1));
    // Nothing is written row by row any more: one request, one transaction.
    expect(writeCalls()).toHaveLength(1);
    expect(batchCalls()[0]?.url).toBe(`${ASSEMBLY_VERSION}/compatibilities/assemblies`);
    const rows = (batchCalls()[0]?.body as { rows: Array<{ to_id: number }> }).rows;
    expect([...rows].sort((a, b) => a.to_id - b.to_id)).toEqual([
      { to_id: 102, compatibility_info: { href: '/api/compatibility_infos/2' }, references: [], etag: null },
      {
        to_id: 111,
        flag: true,
        comments: { added: ['Fresh'], changed: [{ id: 7, comment: 'Mine, changed', etag: '"m7"' }], deleted: [] },
      },
      { to_id: 112, flag: false },
    ]);
    expect(await screen.findByText('Saved: 1 created, 0 changed, 0 removed.')).toBeInTheDocument();
  });

  it('takes comments on a row once an obligation is chosen, and saves both in one request', async () => {
    const user = userEvent.setup();
    batchAnswer = () => json(200, { created: 1, updated: 0, deleted: 0, unchanged: 0 });
    renderRelationTable();
    await editMode(user);
    // A2 has no compatibility: its comments can be read, not written.
    await user.click(within(rowOf('A2')).getByRole('button', { name: 'Comments (0)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Comments' });
    expect(within(dialog).queryByRole('textbox', { name: 'New comment' })).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await choose(user, rowOf('A2'), 'Obligation text', 'Forbidden: Never together');
    await user.click(within(rowOf('A2')).getByRole('button', { name: 'Comments (0)' }));
    dialog = await screen.findByRole('dialog', { name: 'Comments' });
    await user.type(within(dialog).getByRole('textbox', { name: 'New comment' }), 'Checked on the rig');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByText('Save all'));

    await waitFor(() => expect(batchCalls()).toHaveLength(1));
    expect(writeCalls()).toHaveLength(1);
    expect(batchCalls()[0]?.body).toEqual({
      rows: [
        {
          to_id: 102,
          compatibility_info: { href: '/api/compatibility_infos/2' },
          references: [],
          etag: null,
          comments: { added: ['Checked on the rig'], changed: [], deleted: [] },
        },
      ],
    });
  });

  it('a refused comment change saves nothing and says so on its row', async () => {
    const user = userEvent.setup();
    batchAnswer = () =>
      json(403, {
        statusCode: 403,
        error: 'Forbidden',
        message:
          '1 of 2 rows could not be saved, so nothing was saved. Only the author (intern) may change or delete this comment.',
        rows: [{ to_id: 111, statusCode: 403, message: 'Only the author (intern) may change or delete this comment.' }],
      });
    renderWithProviders(
      <RelationTable
        relationKey="assembliesAssemblies"
        version={{ href: ASSEMBLY_VERSION, itemName: 'Brake control', label: 'A1' }}
      />,
    );
    await screen.findAllByTestId('table-row');
    await waitFor(() => expect(rowOf('D1')).toHaveTextContent('Use freely'));
    await user.click(screen.getByText('Edit'));

    await user.click(within(rowOf('D2')).getByRole('checkbox', { name: 'Version relation' }));
    await user.click(within(rowOf('D1')).getByRole('button', { name: 'Comments (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments' });
    await user.type(within(dialog).getByRole('textbox', { name: 'New comment' }), 'Fresh');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByText('Save all'));

    await waitFor(() => expect(screen.getAllByTestId('row-error')).toHaveLength(2));
    expect(writeCalls()).toHaveLength(1);
    const [first, second] = screen.getAllByTestId('row-error');
    if (!first || !second) throw new Error('Two error lines expected');
    expect(first.previousElementSibling).toBe(rowOf('D1'));
    expect(first).toHaveTextContent('Only the author (intern) may change or delete this comment.');
    expect(second.previousElementSibling).toBe(rowOf('D2'));
    expect(second).toHaveTextContent('Not saved: other rows of this save were refused.');
    expect(screen.getByTestId('relation-notice')).toHaveTextContent(
      '1 of 2 rows could not be saved, so nothing was saved.',
    );
  });
});
