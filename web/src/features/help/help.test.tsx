import type { Me } from '@dp/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfigContext, type AppConfig } from '../../lib/config';
import { i18n } from '../../lib/i18n';
import { signedIn } from '../../test/fake-auth';
import { renderWithProviders } from '../../test/render';
import { helpRoute } from './routes';
import { twoLines } from './system-overview';
import { json, stubFetch } from '../../test/fetch-stub';

vi.mock('react-oidc-context', () => ({ useAuth: () => signedIn() }));

const config = { deployment: 'work', version: '2.6.0', oidc: {} } as unknown as AppConfig;

function renderHelp(me: Me) {
  stubFetch(() => json(200, me));
  return renderWithProviders(<ConfigContext value={config}>{helpRoute.element}</ConfigContext>);
}

/** The texts of the diagram (jsdom matches no media query: the phone layout). */
const labels = () =>
  [...screen.getByTestId('system-overview').querySelectorAll('text, tspan')].map((node) => node.textContent);

describe('help', () => {
  it('labels the system overview in the chosen language', async () => {
    renderHelp({ username: 'extern', role: 'extern' });
    expect(await screen.findByRole('img', { name: /Overview of a train/ })).toBeInTheDocument();
    expect(labels()).toEqual(
      expect.arrayContaining([
        'Train control',
        'Doors',
        'Passenger info',
        'Sub-Assembly',
        'compatibility relation',
        'between versions',
      ]),
    );
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Grafische Systembeschreibung');
    expect(labels()).toEqual(
      expect.arrayContaining([
        'Zugsteuerung',
        'Türen',
        'Fahrgastinformation',
        'Unterbaugruppe',
        'Kompatibilitätsbeziehung',
        'zwischen Versionen',
      ]),
    );
    expect(labels()).not.toContain('Doors');
    await act(() => i18n.changeLanguage('fr'));
    expect(labels()).toEqual(expect.arrayContaining(['Commande du train', 'Portes', 'Sous-assemblage']));
  });

  it('guides through the screens the user can open, each with its link', async () => {
    renderHelp({ username: 'extern', role: 'extern' });
    const guide = await screen.findByTestId('screen-guide');
    await within(guide).findByTestId('guide-evaluate');
    expect(within(guide).getByRole('link', { name: 'Evaluation' })).toHaveAttribute('href', '/evaluate');
    expect(within(guide).getByRole('link', { name: 'System Delta Browser' })).toHaveAttribute(
      'href',
      '/evaluate/system-delta-browser',
    );
    expect(within(guide).getByRole('link', { name: 'Infos' })).toHaveAttribute('href', '/issues');
    for (const hidden of ['dataset', 'basicData', 'infosInternal', 'apiDocs'])
      expect(within(guide).queryByTestId(`guide-${hidden}`)).not.toBeInTheDocument();
  });

  it('shows an admin every screen, API Docs included', async () => {
    renderHelp({ username: 'admin', role: 'admin' });
    const guide = await screen.findByTestId('screen-guide');
    await within(guide).findByTestId('guide-apiDocs');
    expect(within(guide).getByRole('link', { name: 'API Docs' })).toHaveAttribute('href', '/api-docs');
    expect(within(guide).getByRole('link', { name: 'Data state' })).toHaveAttribute('href', '/dataset');
    expect(within(guide).getByRole('link', { name: 'Basic Data' })).toHaveAttribute('href', '/basic-data');
  });

  it('splits a long label into two lines at the space nearest its middle', () => {
    expect(twoLines('compatibility relation between versions')).toEqual(['compatibility relation', 'between versions']);
    expect(twoLines('Kompatibilitätsbeziehung zwischen Versionen')).toEqual([
      'Kompatibilitätsbeziehung',
      'zwischen Versionen',
    ]);
    expect(twoLines('Diagnose')).toEqual(['Diagnose']);
  });
});
