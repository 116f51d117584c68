import type { CompatibilityRecord } from '@dp/contract';
import { screen, within } from '@testing-library/react';
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
import { SystemCompatibilityBrowser } from './system-compatibility-browser';

// SPEC 6 gives intern (and admin) the references and the rscp_link; the server leaves both out of
// extern answers. The browser shows what the answer carries.

const S1 = '/api/systems/versions/1';
const A10 = '/api/assemblies/versions/10';
const RSCP = 'https://rscp.example/brake-1.0';

/** The API's answers as intern (references, rscp_link) or as extern (neither, no obligation text). */
function answers(role: 'intern' | 'extern') {
  const internal = role === 'intern';
  const record: CompatibilityRecord = {
    ...compatibility(S1, A10, 'conditional', internal ? 'Needs an update.' : undefined),
    ...(internal ? { references: ['EN 50155', 'TR-7'] } : {}),
  };
  const systems = [
    item('/api/systems/1', 'Brake Unit', [
      { ...version(S1, 'Brake Unit', '1.0'), ...(internal ? { rscp_link: RSCP } : { rscp_link: undefined }) },
    ]),
  ];
  const assemblies = [item('/api/assemblies/1', 'Valve', [version(A10, 'Valve', 'A2V1')])];
  return evaluationApi(
    { systems, assemblies },
    {
      '/api/infos': infos,
      [`${S1}/compatibilities/systems`]: [],
      [`${S1}/compatibilities/assemblies`]: [record],
      [`${S1}/assembly-warnings`]: [],
    },
  );
}

const open = () =>
  renderRoutes(
    [{ path: '/evaluate/system-compatibility-browser', element: <SystemCompatibilityBrowser /> }],
    '/evaluate/system-compatibility-browser?data=Brake%20Unit%201.0',
  );

beforeEach(() => giveListsAHeight());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('references and rscp_link in the compatibility browser', () => {
  it("shows an intern the row's references and the selected version's rscp_link", async () => {
    fakeApi(answers('intern'));
    open();
    const assemblies = await screen.findByRole('listbox', { name: 'Assembly Compatibility' });
    const row = await within(assemblies).findByRole('option', { name: /Valve A2V1/ });
    expect(within(row).getByTestId('references')).toHaveTextContent('References: EN 50155, TR-7');
    expect(screen.getByRole('link', { name: 'RSCP link' })).toHaveAttribute('href', RSCP);
  });

  it('shows an extern neither', async () => {
    fakeApi(answers('extern'));
    open();
    const assemblies = await screen.findByRole('listbox', { name: 'Assembly Compatibility' });
    const row = await within(assemblies).findByRole('option', { name: /Valve A2V1/ });
    expect(row).toHaveTextContent('Conditional');
    expect(within(row).queryByTestId('references')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'RSCP link' })).not.toBeInTheDocument();
  });
});
