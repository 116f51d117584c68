import type { CodeHostIssues, InternalReleaseNotes, ReleaseHistory, ReleaseNotes } from '@dp/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ExternalReleaseNotesPage, InternalReleaseNotesPage } from './components/release-notes-pages';
import { json, stubFetch } from '../../test/fetch-stub';

/** Answers by path and the `issues` query parameter; records the calls. */
function fakeServer(answer: (path: string, issues: string | null) => Response | Promise<Response>) {
  const calls: string[] = [];
  stubFetch(({ url }) => {
    calls.push(`${url.pathname}${url.search}`);
    return answer(url.pathname, url.searchParams.get('issues'));
  });
  return calls;
}

const history = (language: 'de' | 'en'): ReleaseHistory => ({
  language,
  title: language === 'de' ? 'Versionshistorie' : 'Version history (internal)',
  versions: [
    {
      version: '2.6.0',
      date: null,
      changes: [language === 'de' ? 'Hilfe in drei Sprachen.' : 'Help in three languages.'],
    },
    { version: '2.5.0', date: '2026-05-01', changes: ['Matrix: 15 and 20.'] },
    { version: '1.0.0', date: null, changes: ['First release.'] },
  ],
});

const HOSTILE = '<img src=x onerror="alert(1)"> Door & <b>brake</b>';
const okIssues: CodeHostIssues = {
  status: 'ok',
  message: null,
  code: null,
  fetched_at: '2026-06-01T10:00:00.000Z',
  versions: [
    {
      version: '2.6.0',
      issues: [
        {
          iid: 12,
          title: HOSTILE,
          state: 'opened',
          labels: ['v.2.6.0', '<i>x</i>'],
          web_url: 'https://code.example/-/issues/12',
        },
      ],
    },
    {
      version: '2.5.0',
      issues: [{ iid: 7, title: 'Matrix limit', state: 'closed', labels: ['v.2.5.0'], web_url: null }],
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('release notes', () => {
  it('/issues: the licence notice and the German history, newest version first', async () => {
    fakeServer(() => json(200, { history: history('de') } satisfies ReleaseNotes));
    renderWithProviders(<ExternalReleaseNotesPage />);
    expect(await screen.findByTestId('release-history')).toHaveAttribute('lang', 'de');
    expect(screen.getByTestId('licence-notice')).toHaveTextContent('Digital Portfolio 2.6.0 is proprietary software');
    expect(screen.getAllByTestId('release-version').map((v) => within(v).getByRole('heading').textContent)).toEqual([
      '2.6.0',
      '2.5.0',
      '1.0.0',
    ]);
    expect(screen.getByText('Hilfe in drei Sprachen.')).toBeInTheDocument();
  });

  it('/issues-internal: the history at once, then the issues under their versions; titles and labels as text', async () => {
    let release: (r: Response) => void = () => {};
    const calls = fakeServer((_path, issues) =>
      issues === 'cached'
        ? json(200, {
            history: history('en'),
            issues: { status: 'pending', message: null, code: null, fetched_at: null, versions: [] },
          } satisfies InternalReleaseNotes)
        : new Promise<Response>((resolve) => (release = resolve)),
    );
    renderWithProviders(<InternalReleaseNotesPage />);
    expect(await screen.findByText('Help in three languages.')).toBeInTheDocument();
    expect(screen.getByTestId('code-host-loading')).toHaveTextContent('Asking the code host');
    await waitFor(() =>
      expect(calls).toEqual(['/api/release-notes/internal?issues=cached', '/api/release-notes/internal?issues=fetch']),
    );
    release(json(200, { history: history('en'), issues: okIssues } satisfies InternalReleaseNotes));

    const newest = await screen.findByTestId('code-host-issues-2.6.0');
    expect(within(newest).getByRole('heading')).toHaveTextContent('Issues of the code host for 2.6.0 (1)');
    const link = within(newest).getByRole('link', { name: HOSTILE });
    expect(link).toHaveAttribute('href', 'https://code.example/-/issues/12');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Shown as text: no element was made from the markup in the title or the label.
    expect(newest.querySelector('img, b, i')).toBeNull();
    expect(within(newest).getByText('<i>x</i>')).toBeInTheDocument();
    expect(within(screen.getByTestId('code-host-issues-2.5.0')).getByText('Matrix limit').closest('a')).toBeNull();
    expect(screen.getByTestId('code-host-fetched')).toHaveTextContent(/as of 01\.06\.2026/);
  });

  it('when the code host cannot be asked, says why and still shows the history', async () => {
    fakeServer(() =>
      json(200, {
        history: history('en'),
        issues: {
          status: 'unavailable',
          message: 'The code host did not answer within 10 seconds.',
          code: 'releaseNotes.timeout',
          fetched_at: null,
          versions: [],
        },
      } satisfies InternalReleaseNotes),
    );
    renderWithProviders(<InternalReleaseNotesPage />);
    expect(await screen.findByTestId('code-host-notice')).toHaveTextContent(
      'The code host did not answer within 10 seconds.',
    );
    expect(screen.getByText('First release.')).toBeInTheDocument();
    expect(screen.queryByTestId('code-host-issues-2.6.0')).not.toBeInTheDocument();
  });
});
