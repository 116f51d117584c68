import type { SearchHint, SearchResult, SearchResultPage, SearchResults } from '@dp/contract';
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
/** The server's answer: every kind in one list, already in display order (parent name, name, name2). */
const found: SearchResultPage = { results: [doorControl, doorDrive, doorLock], next: null };
const none: SearchResultPage = { results: [], next: null };
/** What the search asked for before paging, which a tab may still hold in its session storage. */
const oldShape: SearchResults = { systems: [doorControl], assemblies: [doorDrive], subassemblies: [doorLock] };

/** Results of a second page: they come after the first page's, whatever their names. */
const doorbell: SearchResult = {
  parent: 'Doorbell',
  href: '/api/systems/versions/4',
  name: '1.0',
  name2: null,
  type: 'System',
};
const doorSeal: SearchResult = {
  parent: 'Door Seal',
  href: '/api/subassemblies/versions/12',
  name: null,
  name2: 'MAT-12',
  type: 'Sub-Assembly',
};

const FULL_PAGE = '/api/search/full/page';

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
/** The data cells of the results table's rows, header and the star's cell left out. */
const tableRows = () =>
  within(screen.getByRole('table', { name: 'Search results' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent));
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
    [FULL_PAGE]: () => ({ body: found }),
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

  it('runs the full search on Enter for a first page and lists the results in the order the server sent', async () => {
    // Not sorted by any column: the server orders the pages, the table must not reorder a page.
    answers[FULL_PAGE] = () => ({ body: { results: [doorLock, doorControl, doorDrive], next: null } });
    renderSearch();
    // Focused first, so that Enter follows the change at once, well within the debounce, however busy the machine.
    input().focus();
    fireEvent.change(input(), { target: { value: '  Door ' } });
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByText('Results: 3')).toBeInTheDocument();
    expect(sent(FULL_PAGE)).toEqual([{ word: 'Door', limit: 50 }]);
    expect(sent('/api/search/full')).toEqual([]);
    // Enter came before the debounce ran out, so no hints were asked for.
    expect(sent('/api/search/hint')).toEqual([]);
    const table = await screen.findByRole('table', { name: 'Search results' });
    expect(tableRows()).toEqual([
      ['Door Lock Switch', '', 'MAT-9', 'Sub-Assembly'],
      ['Door Control', '2.1', '', 'System'],
      ['Door Drive Unit', '1.0', 'MAT-1', 'Assembly'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Parent name' })).toBeInTheDocument();
    // Every result is a version: each has its star (issue 42).
    expect(within(table).getAllByRole('button', { name: /^Watch Door / })).toHaveLength(3);
    // The last page came first: nothing more to load, and nothing is asked for.
    expect(screen.getByTestId('smart-search-count')).toHaveTextContent(/^Results: 3$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent(FULL_PAGE)).toHaveLength(1);
    expect(screen.queryByText('Loading more rows…')).not.toBeInTheDocument();
  });

  it('loads the next page as the end of the results comes near and keeps the grown search', async () => {
    let answerSecond: (answer: { body: SearchResultPage }) => void = () => {};
    answers[FULL_PAGE] = (body) =>
      body.after === undefined
        ? { body: { results: [doorControl, doorDrive, doorLock], next: 'page-2' } }
        : new Promise((resolve) => (answerSecond = resolve));
    renderSearch();
    await userEvent.type(input(), 'Door{Enter}');

    expect(await screen.findByText('Results: 3 · more are loaded as you scroll')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Search results' })).toBeInTheDocument();
    // Three rows are all on screen, so the end is near at once: the next page is asked for right away.
    await waitFor(() =>
      expect(sent(FULL_PAGE)).toEqual([
        { word: 'Door', limit: 50 },
        { word: 'Door', limit: 50, after: 'page-2' },
      ]),
    );
    expect(await screen.findByText('Loading more rows…')).toBeInTheDocument();
    expect(tableRows()).toEqual([
      ['Door Control', '2.1', '', 'System'],
      ['Door Drive Unit', '1.0', 'MAT-1', 'Assembly'],
      ['Door Lock Switch', '', 'MAT-9', 'Sub-Assembly'],
    ]);
    expect(JSON.parse(sessionStorage.getItem(LAST_SEARCH_KEY) ?? 'null')).toEqual({
      term: 'Door',
      results: [doorControl, doorDrive, doorLock],
      next: 'page-2',
    });
    // One page at a time: re-rendering while it loads does not ask again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent(FULL_PAGE)).toHaveLength(2);

    answerSecond({ body: { results: [doorbell, doorSeal], next: null } });

    expect(await screen.findByText('Results: 5')).toBeInTheDocument();
    expect(screen.getByTestId('smart-search-count')).toHaveTextContent(/^Results: 5$/);
    expect(screen.queryByText(/more are loaded as you scroll/)).not.toBeInTheDocument();
    expect(screen.queryByText('Loading more rows…')).not.toBeInTheDocument();
    // Appended as sent, after the first page's rows.
    expect(tableRows()).toEqual([
      ['Door Control', '2.1', '', 'System'],
      ['Door Drive Unit', '1.0', 'MAT-1', 'Assembly'],
      ['Door Lock Switch', '', 'MAT-9', 'Sub-Assembly'],
      ['Doorbell', '1.0', '', 'System'],
      ['Door Seal', '', 'MAT-12', 'Sub-Assembly'],
    ]);
    expect(JSON.parse(sessionStorage.getItem(LAST_SEARCH_KEY) ?? 'null')).toEqual({
      term: 'Door',
      results: [doorControl, doorDrive, doorLock, doorbell, doorSeal],
      next: null,
    });
    // The last page is loaded: nothing more is asked for.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent(FULL_PAGE)).toHaveLength(2);
  });

  it('shows a failed next page once and asks again only after the failure is dismissed', async () => {
    answers[FULL_PAGE] = (body) =>
      body.after === undefined
        ? { body: { results: [doorControl, doorDrive, doorLock], next: 'page-2' } }
        : // Answered after a moment, as over a network: a retry loop would show here as more requests.
          new Promise((resolve) =>
            setTimeout(
              () =>
                resolve({ status: 500, body: { statusCode: 500, error: 'Error', message: 'Database unavailable' } }),
              50,
            ),
          );
    renderSearch();
    await userEvent.type(input(), 'Door{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent(FULL_PAGE)).toHaveLength(2);
    // The rows already loaded stay.
    expect(tableRows()).toHaveLength(3);

    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(sent(FULL_PAGE)).toHaveLength(3));
    expect(sent(FULL_PAGE)[2]).toEqual({ word: 'Door', limit: 50, after: 'page-2' });
  });

  it('runs searchById for a hint chosen with the arrow keys and Enter', async () => {
    renderSearch();
    await userEvent.type(input(), 'Door');
    await screen.findAllByRole('option', {}, slow);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(await screen.findByText('Results: 1')).toBeInTheDocument();
    expect(sent('/api/search/searchById')).toEqual([{ id: 7, id_version: 70, type: 'Assembly' }]);
    expect(sent(FULL_PAGE)).toEqual([]);
    expect(input()).toHaveValue('Door Drive Unit (1.0 MAT-1)');
  });

  it('lists the versions of a chosen hint in the order the server sends them, with no further pages', async () => {
    const version = (id: number, name: string | null, name2: string | null): SearchResult => ({
      parent: 'Door Drive Unit',
      href: `/api/assemblies/versions/${id}`,
      name,
      name2,
      type: 'Assembly',
    });
    answers['/api/search/searchById'] = () => ({
      body: {
        systems: [],
        // Deliberately not in natural order: the server's order is the one order, the table keeps it.
        assemblies: [version(72, '10', null), version(71, '2', 'MAT-2'), version(70, '2', 'MAT-1')],
        subassemblies: [],
      },
    });
    renderSearch();
    await userEvent.type(input(), 'Door');
    await screen.findAllByRole('option', {}, slow);
    await userEvent.keyboard('{ArrowDown}{Enter}');

    expect(await screen.findByText('Results: 3')).toBeInTheDocument();
    expect(sent('/api/search/searchById')).toEqual([{ id: 7, id_version: null, type: 'Assembly' }]);
    await screen.findByRole('table', { name: 'Search results' });
    expect(tableRows()).toEqual([
      ['Door Drive Unit', '10', '', 'Assembly'],
      ['Door Drive Unit', '2', 'MAT-2', 'Assembly'],
      ['Door Drive Unit', '2', 'MAT-1', 'Assembly'],
    ]);
    expect(JSON.parse(sessionStorage.getItem(LAST_SEARCH_KEY) ?? 'null')).toMatchObject({
      term: 'Door Drive Unit',
      next: null,
    });
    // A hint's versions come whole: the end of the table asks for nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent(FULL_PAGE)).toEqual([]);
  });

  it('says when nothing was found, with the term and a control that clears it all', async () => {
    answers[FULL_PAGE] = () => ({ body: none });
    renderSearch();
    await userEvent.type(input(), 'xyz{Enter}');

    const message = await screen.findByTestId('smart-search-no-results');
    expect(message).toHaveTextContent('No results found for search term: xyz');
    expect(sent(FULL_PAGE)).toEqual([{ word: 'xyz', limit: 50 }]);
    expect(JSON.parse(sessionStorage.getItem(LAST_SEARCH_KEY) ?? 'null')).toEqual({
      term: 'xyz',
      results: [],
      next: null,
    });

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
    sessionStorage.setItem(LAST_SEARCH_KEY, JSON.stringify({ term: 'Door', ...found }));
    renderSearch();

    expect(input()).toHaveValue('Door');
    expect(screen.getByText('Results: 3')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Open Door Control/ })).toBeInTheDocument();
    expect(tableRows()).toEqual([
      ['Door Control', '2.1', '', 'System'],
      ['Door Drive Unit', '1.0', 'MAT-1', 'Assembly'],
      ['Door Lock Switch', '', 'MAT-9', 'Sub-Assembly'],
    ]);
    // Only the stars ask for the user's watches; the search itself is not asked again.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/watches')).toEqual([]);

    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(LAST_SEARCH_KEY)).toBeNull();
  });

  it('ignores a stored search it cannot read', () => {
    sessionStorage.setItem(LAST_SEARCH_KEY, '{"term":"Door","results":{"systems":"nope"}}');
    renderSearch();
    expect(input()).toHaveValue('');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('ignores a search stored before results were paged, without crashing or asking the server', async () => {
    sessionStorage.setItem(LAST_SEARCH_KEY, JSON.stringify({ term: 'Door', results: oldShape }));
    renderSearch();
    expect(input()).toHaveValue('');
    expect(screen.queryByTestId('smart-search-count')).not.toBeInTheDocument();
    expect(screen.queryByTestId('smart-search-no-results')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetchMock).not.toHaveBeenCalled();

    // The search still works, and its answer replaces the unreadable one.
    await userEvent.type(input(), 'Door{Enter}');
    expect(await screen.findByText('Results: 3')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(LAST_SEARCH_KEY) ?? 'null')).toEqual({ term: 'Door', ...found });
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
    answers[FULL_PAGE] = () => ({
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
