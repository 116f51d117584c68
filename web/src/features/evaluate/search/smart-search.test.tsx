import type { SearchHint, SearchResult, SearchResults } from '@dp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LAST_SEARCH_KEY } from './last-search';
import { FILTER_TARGET_KEY, LAST_SELECTED_KEY } from '../evaluate-storage';
import { SmartSearch } from './smart-search';
import { bodiesSentTo, json, stubFetch } from '../../../test/fetch-stub';

const door: SearchHint = {
  parent_name: 'Door Drive Unit',
  name: null,
  name2: null,
  id: 7,
  id_version: null,
  type: 'Assembly',
};
const doorVersion: SearchHint = {
  parent_name: 'Door Drive Unit',
  name: '1.0',
  name2: 'MAT-1',
  id: 7,
  id_version: 70,
  type: 'Assembly',
};

const doorDrive: SearchResult = {
  parent: 'Door Drive Unit',
  href: '/api/assemblies/versions/70',
  name: '1.0',
  name2: 'MAT-1',
  type: 'Assembly',
};
const doorControl: SearchResult = {
  parent: 'Door Control',
  href: '/api/systems/versions/3',
  name: '2.1',
  name2: null,
  type: 'System',
};
const doorLock: SearchResult = {
  parent: 'Door Lock Switch',
  href: '/api/subassemblies/versions/9',
  name: null,
  name2: 'MAT-9',
  type: 'Sub-Assembly',
};
const found: SearchResults = { systems: [doorControl], assemblies: [doorDrive], subassemblies: [doorLock] };
const none: SearchResults = { systems: [], assemblies: [], subassemblies: [] };

type Answer = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;
let answers: Record<string, (body: Record<string, unknown>) => Answer>;
let fetchMock: Mock<typeof fetch>;

/** The JSON bodies sent to one endpoint, in order. */
const sent = (path: string) => bodiesSentTo(fetchMock, path);

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch() {
  return renderWithProviders(
    <Routes>
      <Route path="/evaluate" element={<SmartSearch />} />
      <Route path="/evaluate/:browser" element={<Location />} />
    </Routes>,
    { route: '/evaluate' },
  );
}

const input = () => screen.getByRole('textbox', { name: 'Smart search' });
/** For waits that include the 400 ms debounce: a busy machine may need more than the default second. */
const slow = { timeout: 3000 };

beforeAll(async () => {
  // The results table loads lazily; loading it once here keeps the first test within findBy's time-out.
  await import('./results-table');
});

beforeEach(() => {
  // jsdom does no layout; the virtualised table renders rows only into a scroll box with a height.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(400);
  sessionStorage.clear();
  answers = {
    '/api/search/hint': () => ({ body: [door, doorVersion] }),
    '/api/search/full': () => ({ body: found }),
    '/api/search/searchById': () => ({ body: { systems: [], assemblies: [doorDrive], subassemblies: [] } }),
  };
  fetchMock = stubFetch(async (request) => {
    const answer = answers[request.path];
    if (!answer) throw new Error(`unexpected call to ${request.path}`);
    const { status = 200, body } = await answer(request.body as Record<string, unknown>);
    return json(status, body);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SmartSearch', () => {
  it('asks for hints once, 400 ms after quick typing stops, with a spinner while they load', async () => {
    let answerHints: (answer: { body: unknown }) => void = () => {};
    let askedAt = 0;
    answers['/api/search/hint'] = () => {
      askedAt = performance.now();
      return new Promise((resolve) => (answerHints = resolve));
    };
    renderSearch();
    expect(input()).toHaveAttribute(
      'placeholder',
      'System, Sub-Assembly, Assembly, part number (GS), material number (GS)',
    );

    // Four keystrokes with no pause at all, however busy the machine is.
    for (const text of ['D', 'Do', 'Doo', 'Door']) fireEvent.change(input(), { target: { value: text } });
    const typedAt = performance.now();
    expect(sent('/api/search/hint')).toEqual([]);
    await waitFor(() => expect(sent('/api/search/hint')).toEqual([{ word: 'Door' }]), slow);
    expect(askedAt - typedAt).toBeGreaterThanOrEqual(390);
    expect(screen.getByLabelText('Loading hints…')).toBeInTheDocument();

    answerHints({ body: [door, doorVersion] });
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Door Drive UnitAssembly',
      'Door Drive Unit (1.0 MAT-1)Assembly',
    ]);
    expect(screen.queryByLabelText('Loading hints…')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent('/api/search/hint')).toHaveLength(1);
  });

  it('runs the full search on Enter and lists the results sorted by parent name', async () => {
    renderSearch();
    fireEvent.change(input(), { target: { value: '  Door ' } });
    await userEvent.type(input(), '{Enter}');

    expect(await screen.findByText('Results: 3')).toBeInTheDocument();
    expect(sent('/api/search/full')).toEqual([{ word: 'Door' }]);
    // Enter came before the debounce ran out, so no hints were asked for.
    expect(sent('/api/search/hint')).toEqual([]);
    const table = await screen.findByRole('table', { name: 'Search results' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Door Control', '2.1', '', 'System'],
      ['Door Drive Unit', '1.0', 'MAT-1', 'Assembly'],
      ['Door Lock Switch', '', 'MAT-9', 'Sub-Assembly'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Parent name' })).toBeInTheDocument();
  });

  it('runs searchById for a hint chosen with the arrow keys and Enter', async () => {
    renderSearch();
    await userEvent.type(input(), 'Door');
    await screen.findAllByRole('option', {}, slow);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(await screen.findByText('Results: 1')).toBeInTheDocument();
    expect(sent('/api/search/searchById')).toEqual([{ id: 7, id_version: 70, type: 'Assembly' }]);
    expect(sent('/api/search/full')).toEqual([]);
    expect(input()).toHaveValue('Door Drive Unit (1.0 MAT-1)');
  });

  it('says when nothing was found, with the term and a control that clears it all', async () => {
    answers['/api/search/full'] = () => ({ body: none });
    renderSearch();
    await userEvent.type(input(), 'xyz{Enter}');

    const message = await screen.findByTestId('smart-search-no-results');
    expect(message).toHaveTextContent('No results found for search term: xyz');
    expect(sessionStorage.getItem(LAST_SEARCH_KEY)).not.toBeNull();

    await userEvent.click(within(message).getByRole('button', { name: 'Clear' }));
    expect(input()).toHaveValue('');
    expect(screen.queryByTestId('smart-search-no-results')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(LAST_SEARCH_KEY)).toBeNull();
  });

  it('says so when there are no hints for the typed term', async () => {
    answers['/api/search/hint'] = () => ({ body: [] });
    renderSearch();
    await userEvent.type(input(), 'qqq');
    expect(await screen.findByTestId('smart-search-no-results', {}, slow)).toHaveTextContent(
      'No results found for search term: qqq',
    );
  });

  it('opens a clicked result in its browser with data and remembers the selection', async () => {
    renderSearch();
    await userEvent.type(input(), 'Door{Enter}');
    await userEvent.click(await screen.findByText('MAT-1'));

    const location = screen.getByTestId('location').textContent ?? '';
    expect(location.split('?')[0]).toBe('/evaluate/assembly-compatibility-browser');
    expect(new URLSearchParams(location.split('?')[1]).get('data')).toBe('Door Drive Unit 1.0 MAT-1');
    expect(sessionStorage.getItem(FILTER_TARGET_KEY)).toBe('/api/assemblies/versions/70');
    expect(sessionStorage.getItem(LAST_SELECTED_KEY)).toBe('Door Drive Unit (1.0 MAT-1)');
  });

  it('offers each result as a link that skips empty parts in data', async () => {
    renderSearch();
    await userEvent.type(input(), 'Door{Enter}');
    const link = await screen.findByRole('link', { name: 'Open Door Lock Switch (MAT-9) (Sub-Assembly)' });
    expect(link).toHaveAttribute('href', '/evaluate/subassembly-compatibility-browser?data=Door+Lock+Switch+MAT-9');

    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/evaluate/subassembly-compatibility-browser?data=Door+Lock+Switch+MAT-9',
    );
    expect(sessionStorage.getItem(FILTER_TARGET_KEY)).toBe('/api/subassemblies/versions/9');
  });

  it('restores the last search from session storage and forgets it when the page is hidden', async () => {
    sessionStorage.setItem(LAST_SEARCH_KEY, JSON.stringify({ term: 'Door', results: found }));
    renderSearch();

    expect(input()).toHaveValue('Door');
    expect(screen.getByText('Results: 3')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Open Door Control/ })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(LAST_SEARCH_KEY)).toBeNull();
  });

  it('ignores a stored search it cannot read', () => {
    sessionStorage.setItem(LAST_SEARCH_KEY, '{"term":"Door","results":{"systems":"nope"}}');
    renderSearch();
    expect(input()).toHaveValue('');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains an empty or over-long term inline and does not search', async () => {
    renderSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Please enter a search term.')).toBeInTheDocument();

    await userEvent.click(input());
    await userEvent.paste('x'.repeat(201));
    expect(screen.getByText('The search term may have at most 200 characters.')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a failed search inline', async () => {
    answers['/api/search/full'] = () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' },
    });
    renderSearch();
    await userEvent.type(input(), 'Door{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search failed');
    expect(alert).toHaveTextContent('Database unavailable');
  });

  it('clears text and results with the clear button', async () => {
    renderSearch();
    await userEvent.type(input(), 'Door{Enter}');
    await screen.findByText('Results: 3');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input()).toHaveValue('');
    expect(input()).toHaveFocus();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(LAST_SEARCH_KEY)).toBeNull();
  });
});
