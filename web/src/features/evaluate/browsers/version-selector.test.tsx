import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, type FakeRequest } from '../../../test/fetch-stub';
import { fakeApi, giveListsAHeight, infos, item, renderRoutes, version, versionPages } from '../api/testing';
import { VersionSelector } from './version-selector';

// 250 versions: three pages of the API's default 100.
const versions = Array.from({ length: 250 }, (_, i) =>
  version(`/api/systems/versions/${i + 1}`, 'Brake Unit', `${i + 1}.0`),
);
const systems = [
  item('/api/systems/1', 'Brake Unit', versions),
  item('/api/systems/2', 'Türsteuerung', [version('/api/systems/versions/900', 'Türsteuerung', '1.0')]),
];

const onSelect = vi.fn();
const open = (selectedHref?: string) =>
  renderRoutes(
    [
      {
        path: '/',
        element: <VersionSelector kind="systems" heading="System" selectedHref={selectedHref} onSelect={onSelect} />,
      },
    ],
    '/',
  );

/** The query parameters of each page request, in order. */
const pageRequests = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.href))
    .filter((url) => url.pathname === '/api/systems/versions/page')
    .map((url) => Object.fromEntries(url.searchParams));

/**
 * jsdom cannot scroll elements: a stand-in that records the list's scrolling to a row (scrollToIndex
 * passes a `behavior`; the list's own start at the top does not). Returns those calls so far.
 */
function watchScrolling() {
  const scrollTo = vi.fn<(options: ScrollToOptions) => void>();
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrollTo });
  onTestFinished(() => {
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
  });
  return () => scrollTo.mock.calls.filter(([options]) => options.behavior !== undefined);
}

beforeEach(() => giveListsAHeight());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  onSelect.mockReset();
});

describe('VersionSelector', () => {
  it('loads one page first and the next one when the list is scrolled near its end', async () => {
    const fetchMock = fakeApi({ '/api/infos': infos, '/api/systems/versions/page': versionPages(systems) });
    open();
    const list = await screen.findByRole('listbox', { name: 'System' });
    expect(within(list).getByRole('option', { name: 'Brake Unit 1.0' })).toHaveAttribute('aria-setsize', '100');
    expect(pageRequests(fetchMock)).toEqual([{}]);

    list.scrollTop = 99 * 36 - 400;
    fireEvent.scroll(list);
    await waitFor(() => expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-setsize', '200'));
    expect(pageRequests(fetchMock)).toEqual([{}, { after: '100' }]);
    expect(screen.getByRole('option', { name: 'Brake Unit 100.0' })).toBeInTheDocument();
  });

  it('scrolls to the selected version on arrival', async () => {
    const rowScrolls = watchScrolling();
    fakeApi({ '/api/infos': infos, '/api/systems/versions/page': versionPages(systems) });
    open('/api/systems/versions/50');
    await screen.findByRole('listbox', { name: 'System' });
    await waitFor(() => expect(rowScrolls()).toHaveLength(1));
  });

  it('keeps the view where the user scrolled when the selected version arrives with a further page', async () => {
    const rowScrolls = watchScrolling();
    fakeApi({ '/api/infos': infos, '/api/systems/versions/page': versionPages(systems) });
    open('/api/systems/versions/150');
    const list = await screen.findByRole('listbox', { name: 'System' });
    list.scrollTop = 99 * 36 - 400;
    fireEvent.scroll(list);
    expect(await screen.findByRole('option', { name: 'Brake Unit 100.0' })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-setsize', '200'));
    expect(rowScrolls()).toEqual([]);
  });

  it('sends the filter to the server once typing pauses and shows what it answers', async () => {
    const user = userEvent.setup();
    const fetchMock = fakeApi({ '/api/infos': infos, '/api/systems/versions/page': versionPages(systems) });
    open();
    await screen.findByRole('option', { name: 'Brake Unit 1.0' });
    await user.type(screen.getByRole('textbox', { name: 'Filter the list System' }), 'TUR');
    expect(await screen.findByRole('option', { name: 'Türsteuerung 1.0' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Brake Unit 1.0' })).not.toBeInTheDocument();
    // One request for the whole word, not one per key.
    expect(pageRequests(fetchMock)).toEqual([{}, { q: 'TUR' }]);

    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(await screen.findByRole('option', { name: 'Brake Unit 1.0' })).toBeInTheDocument();
  });

  it('shows the spinner, not the rows of the previous filter, until the new filter is answered', async () => {
    const user = userEvent.setup();
    const pages = versionPages(systems);
    let answerFiltered: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answerFiltered = resolve));
    fakeApi({
      '/api/infos': infos,
      '/api/systems/versions/page': async (request: FakeRequest) => {
        if (request.url.searchParams.has('q')) await held;
        return pages(request);
      },
    });
    open();
    await screen.findByRole('option', { name: 'Brake Unit 1.0' });
    await user.type(screen.getByRole('textbox', { name: 'Filter the list System' }), 'TUR');
    expect(screen.queryByRole('option', { name: 'Brake Unit 1.0' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    answerFiltered();
    expect(await screen.findByRole('option', { name: 'Türsteuerung 1.0' })).toBeInTheDocument();
  });

  it('marks the selected version once its page is there and selects with the keyboard', async () => {
    const user = userEvent.setup();
    fakeApi({ '/api/infos': infos, '/api/systems/versions/page': versionPages(systems) });
    open('/api/systems/versions/2');
    const list = await screen.findByRole('listbox', { name: 'System' });
    expect(await screen.findByRole('option', { name: 'Brake Unit 2.0', selected: true })).toBeInTheDocument();
    list.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ label: 'Brake Unit 3.0' }));
  });

  it('says No data when nothing matches', async () => {
    const user = userEvent.setup();
    fakeApi({ '/api/infos': infos, '/api/systems/versions/page': versionPages(systems) });
    open();
    await screen.findByRole('option', { name: 'Brake Unit 1.0' });
    await user.type(screen.getByRole('textbox', { name: 'Filter the list System' }), 'nothing like this');
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });

  it('says why the list failed instead of looking empty, and loads it again on retry', async () => {
    let fail = true;
    fakeApi({
      '/api/infos': infos,
      '/api/systems/versions/page': (request: FakeRequest) =>
        fail ? apiError(503, 'Service Unavailable', 'The database is restarting.') : versionPages(systems)(request),
    });
    open();
    const alert = await screen.findByTestId('load-error');
    expect(alert).toHaveTextContent('The database is restarting.');
    expect(screen.queryByText('No data')).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: 'Brake Unit 1.0' })).toBeInTheDocument();
  });
});
