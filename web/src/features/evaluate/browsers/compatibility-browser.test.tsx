import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  compatibility,
  fakeApi,
  giveListsAHeight,
  infos,
  item,
  renderRoutes,
  version,
  evaluationApi,
} from '../api/testing';
import { AssemblyCompatibilityBrowser } from './assembly-compatibility-browser';
import { SubassemblyCompatibilityBrowser } from './subassembly-compatibility-browser';
import { SystemCompatibilityBrowser } from './system-compatibility-browser';
import { FILTER_TARGET_KEY } from '../evaluate-storage';

const S1 = '/api/systems/versions/1';
const S2 = '/api/systems/versions/2';
const S3 = '/api/systems/versions/3';
const A10 = '/api/assemblies/versions/10';
const A11 = '/api/assemblies/versions/11';
const A12 = '/api/assemblies/versions/12';
const U20 = '/api/subassemblies/versions/20';

const systems = [
  item('/api/systems/1', 'Brake Unit', [version(S1, 'Brake Unit', '1.0'), version(S2, 'Brake Unit', '2.0')]),
  item('/api/systems/2', 'Türsteuerung', [version(S3, 'Türsteuerung', '1.0')]),
];
const assemblies = [
  item('/api/assemblies/1', 'Valve', [
    version(A10, 'Valve', 'A2V1', 'MAT-1'),
    version(A11, 'Valve', null, 'MAT-2'),
    version(A12, 'Valve', 'A2V3'),
  ]),
];
const subassemblies = [item('/api/subassemblies/1', 'Sensor', [version(U20, 'Sensor', 'S1')])];

const api = evaluationApi(
  { systems, assemblies, subassemblies },
  {
    '/api/infos': infos,
    [`${S1}/compatibilities/systems`]: [compatibility(S1, S3, 'allowed', 'Fits fine.')],
    // The second record has no obligation, as extern users get it.
    [`${S1}/compatibilities/assemblies`]: [
      compatibility(S1, A10, 'conditional', 'Needs an update.'),
      compatibility(S1, A11, 'forbidden'),
      compatibility(S1, A12, 'allowed', 'Fits fine.'),
    ],
    [`${S2}/compatibilities/systems`]: [],
    [`${S2}/compatibilities/assemblies`]: [],
    [`${S3}/compatibilities/systems`]: [compatibility(S3, S1, 'allowed', 'Fits fine.')],
    [`${S3}/compatibilities/assemblies`]: [],
    [`${A10}/compatibilities/systems`]: [compatibility(A10, S1, 'conditional', 'Needs an update.')],
    [`${A10}/compatibilities/assemblies`]: [compatibility(A10, A11, 'forbidden', 'Wrong plug.')],
    [`${A11}/compatibilities/systems`]: [],
    [`${A11}/compatibilities/assemblies`]: [compatibility(A11, A10, 'forbidden', 'Wrong plug.')],
    [`${U20}/compatibilities/assemblies`]: [compatibility(U20, A11, 'allowed')],
    [`${U20}/compatibilities/subassemblies`]: [],
    [`${A12}/compatibilities/assemblies`]: [compatibility(A12, A10, 'allowed')],
    // The server's answer for each assembly list: which rows have a conditional or forbidden assembly compatibility.
    [`${S1}/assembly-warnings`]: [A10, A11],
    [`${S2}/assembly-warnings`]: [],
    [`${S3}/assembly-warnings`]: [],
    [`${A10}/assembly-warnings`]: [A11],
    [`${A11}/assembly-warnings`]: [A10],
    [`${A12}/assembly-warnings`]: [A10],
    [`${U20}/assembly-warnings`]: [A11],
  },
);

const routes = [
  { path: '/evaluate/system-compatibility-browser', element: <SystemCompatibilityBrowser /> },
  { path: '/evaluate/assembly-compatibility-browser', element: <AssemblyCompatibilityBrowser /> },
  { path: '/evaluate/subassembly-compatibility-browser', element: <SubassemblyCompatibilityBrowser /> },
  { path: '/evaluate', element: <p>Evaluation</p> },
];

const open = (path: string) => renderRoutes(routes, path);
const dataOf = (router: ReturnType<typeof open>) => new URLSearchParams(router.state.location.search).get('data');
const list = (name: string) => screen.findByRole('listbox', { name });
const region = (name: string) => screen.findByRole('region', { name });
const selected = () => screen.getByTestId('selected-version');

let fetchMock: ReturnType<typeof fakeApi>;
beforeEach(() => {
  giveListsAHeight();
  fetchMock = fakeApi(api);
});
const pathsAsked = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), window.location.href).pathname);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('System Compatibility Browser', () => {
  it('selects the version named by data and shows its lists coloured by status', async () => {
    open('/evaluate/system-compatibility-browser?data=Brake%20Unit%201.0');
    const systems = await list('System Compatibility');
    expect(selected()).toHaveTextContent('Brake Unit 1.0');
    expect(screen.getByTestId('modification-time')).toHaveTextContent(/Last modified \d\d\.\d\d\.2025 \d\d:\d\d:07/);
    const row = within(systems).getByRole('option', { name: /Türsteuerung 1\.0/ });
    expect(row).toHaveAttribute('data-status', 'allowed');
    expect(row).toHaveTextContent('Fits fine.');

    const assemblies = await list('Assembly Compatibility');
    const [conditional, allowed, forbidden] = within(assemblies).getAllByRole('option');
    expect(conditional).toHaveAttribute('data-status', 'conditional');
    expect(conditional).toHaveTextContent('Needs an update.');
    // No obligation text: the translated status instead.
    expect(forbidden).toHaveAttribute('data-status', 'forbidden');
    expect(forbidden).toHaveTextContent('Valve MAT-2Forbidden');
    // The hint follows the server's list for this version: A10 and A11 forbid each other, A12 allows all.
    await waitFor(() => expect(within(assemblies).getAllByTestId('assembly-warning')).toHaveLength(2));
    expect(within(allowed!).queryByTestId('assembly-warning')).not.toBeInTheDocument();
    expect(within(forbidden!).getByTestId('assembly-warning')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Brake Unit 1.0', selected: true })).toBeInTheDocument();
  });

  it('matches data without regard to case and accents', async () => {
    open('/evaluate/system-compatibility-browser?data=tursteuerung%201.0');
    await waitFor(() => expect(selected()).toHaveTextContent('Türsteuerung 1.0'));
  });

  it('opens the browser of a clicked row with its label as data', async () => {
    const user = userEvent.setup();
    const router = open('/evaluate/system-compatibility-browser?data=Brake%20Unit%201.0');
    const assemblies = await list('Assembly Compatibility');
    await user.click(within(assemblies).getByRole('option', { name: /Valve A2V1 MAT-1/ }));

    expect(router.state.location.pathname).toBe('/evaluate/assembly-compatibility-browser');
    expect(dataOf(router)).toBe('Valve A2V1 MAT-1');
    await waitFor(() => expect(selected()).toHaveTextContent('Valve A2V1 MAT-1'));
    expect(await screen.findByRole('heading', { name: 'Assembly Compatibility Browser' })).toBeInTheDocument();
    const systems = await list('System Compatibility');
    expect(within(systems).getByRole('option', { name: /Brake Unit 1\.0/ })).toHaveTextContent('Needs an update.');
  });

  it('says so when data matches no version and stays usable', async () => {
    const user = userEvent.setup();
    const router = open('/evaluate/system-compatibility-browser?data=Nope%209');
    expect(await screen.findByTestId('no-match')).toHaveTextContent('No version matches “Nope 9”.');
    expect(selected()).toHaveTextContent('No version selected');

    await user.click(await screen.findByRole('option', { name: 'Brake Unit 2.0' }));
    expect(dataOf(router)).toBe('Brake Unit 2.0');
    expect(screen.queryByTestId('no-match')).not.toBeInTheDocument();
    expect(selected()).toHaveTextContent('Brake Unit 2.0');
  });

  it('falls back to the filter target of the smart search and puts it into the address', async () => {
    window.sessionStorage.setItem(FILTER_TARGET_KEY, S2);
    const router = open('/evaluate/system-compatibility-browser');
    await waitFor(() => expect(selected()).toHaveTextContent('Brake Unit 2.0'));
    await waitFor(() => expect(dataOf(router)).toBe('Brake Unit 2.0'));
  });

  it('asks the server for the selection and the lists, never for every version of a kind', async () => {
    open('/evaluate/system-compatibility-browser?data=brake%20unit%20');
    await list('Assembly Compatibility');
    // The first version whose label contains data, resolved by the server.
    expect(selected()).toHaveTextContent('Brake Unit 1.0');
    expect(pathsAsked()).toContain('/api/systems/versions/by-label');
    expect(pathsAsked().filter((path) => /^\/api\/[a-z]+\/versions$/.test(path))).toEqual([]);
  });

  it('prefers data over the filter target', async () => {
    window.sessionStorage.setItem(FILTER_TARGET_KEY, S2);
    open('/evaluate/system-compatibility-browser?data=Brake%20Unit%201.0');
    await waitFor(() => expect(selected()).toHaveTextContent('Brake Unit 1.0'));
  });

  it('filters the version list without regard to accents', async () => {
    const user = userEvent.setup();
    open('/evaluate/system-compatibility-browser');
    await screen.findByRole('option', { name: 'Brake Unit 1.0' });
    await user.type(screen.getByRole('textbox', { name: 'Filter the list System' }), 'TUR');
    expect(await screen.findByRole('option', { name: 'Türsteuerung 1.0' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Brake Unit 1.0' })).not.toBeInTheDocument();
  });

  it('moves with the arrow keys and selects with Enter', async () => {
    const user = userEvent.setup();
    const router = open('/evaluate/system-compatibility-browser');
    const versions = await screen.findByRole('listbox', { name: 'System' });
    await screen.findByRole('option', { name: 'Brake Unit 1.0' });
    versions.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(dataOf(router)).toBe('Brake Unit 2.0');
    await waitFor(async () => expect(await region('System Compatibility')).toHaveTextContent('No data'));
  });

  it('asks for a selection before it shows compatibilities', async () => {
    open('/evaluate/system-compatibility-browser');
    await screen.findByRole('option', { name: 'Brake Unit 1.0' });
    expect(screen.getAllByText('Select a version to see its compatibilities.')).toHaveLength(2);
  });
});

describe('Assembly and Sub-Assembly Compatibility Browsers', () => {
  it('open a row of a list with the keyboard', async () => {
    const user = userEvent.setup();
    const router = open('/evaluate/assembly-compatibility-browser?data=Valve%20MAT-2');
    const assemblies = await list('Assembly Compatibility');
    await within(assemblies).findByRole('option', { name: /Valve A2V1 MAT-1/ });
    assemblies.focus();
    await user.keyboard('{Enter}');
    expect(dataOf(router)).toBe('Valve A2V1 MAT-1');
  });

  it('show the sub-assembly selector with its assembly list', async () => {
    const user = userEvent.setup();
    const router = open('/evaluate/subassembly-compatibility-browser?data=Sensor%20S1');
    const assemblies = await list('Assembly Compatibility');
    const row = within(assemblies).getByRole('option', { name: /Valve MAT-2/ });
    expect(row).toHaveTextContent('Allowed');
    expect(await screen.findByRole('listbox', { name: 'Sub-Assembly' })).toBeInTheDocument();
    await waitFor(async () => expect(await region('Sub-Assembly Compatibility')).toHaveTextContent('No data'));

    await user.click(row);
    expect(router.state.location.pathname).toBe('/evaluate/assembly-compatibility-browser');
    expect(dataOf(router)).toBe('Valve MAT-2');
  });
});
