import { LABELS_MAX, type SearchResult } from '@dp/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, bodiesSentTo, json, routeTable, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import type { LabelVersion } from './label-sources';
import { PrintLabelsButton, SearchResultLabels, VersionListLabels } from './print-labels-button';

const versions: LabelVersion[] = [
  { href: '/api/assemblies/versions/11', parent_name: 'Türsteuerung', name: 'A2V1', name2: 'MAT-1' },
  { href: '/api/assemblies/versions/12', parent_name: 'Außentür', name: 'B1', name2: null },
  { href: '/api/subassemblies/versions/13', parent_name: 'Bremsgerät', name: null, name2: 'MAT-3' },
];

const pdf = () =>
  new Response(new Blob(['%PDF-1.7']), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="labels.pdf"' },
  });

/** The file names the browser was handed to save (jsdom cannot follow a download link). */
let saved: string[];
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:labels');
  URL.revokeObjectURL = vi.fn();
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

async function openDialog(list: LabelVersion[]) {
  const user = userEvent.setup();
  renderWithProviders(<PrintLabelsButton list="Assembly Compatibility" source={{ versions: list }} />);
  await user.click(screen.getByRole('button', { name: 'Print labels: Assembly Compatibility' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Print labels' }) };
}

const places = () =>
  within(screen.getByRole('img', { name: 'Preview of the first sheet' })).getAllByTestId('label-place');

describe('print labels dialog', () => {
  it('sends the chosen layout and skip and saves the PDF', async () => {
    const fetchMock = stubFetch(routeTable({ 'POST /api/labels': pdf }));
    const { user, dialog } = await openDialog(versions);

    await user.click(within(dialog).getByRole('radio', { name: 'A4 sheet, 2 × 7 labels (105 × 42 mm)' }));
    const skip = within(dialog).getByRole('textbox', { name: 'Places already used' });
    await user.clear(skip);
    await user.type(skip, '3');

    // The preview draws the 2 × 7 sheet: three used places, then the labels in their order.
    const cells = places();
    expect(cells).toHaveLength(14);
    expect(cells.filter((cell) => cell.hasAttribute('data-skipped'))).toHaveLength(3);
    expect(cells[3]).toHaveTextContent('TürsteuerungA2V1MAT-1');
    expect(cells[5]).toHaveTextContent('BremsgerätMAT-3');
    expect(cells[6]).toHaveTextContent('');
    expect(within(dialog).getByTestId('labels-summary')).toHaveTextContent('Labels: 3 · pages: 1');

    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['labels.pdf']));
    expect(bodiesSentTo(fetchMock, '/api/labels')).toEqual([
      { versions: versions.map((v) => v.href), layout: 'a4-2x7', skip: 3 },
    ]);
    // Saved: the dialog closes.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps skip within the sheet: the 62 mm printer has one place and nothing to skip', async () => {
    const fetchMock = stubFetch(routeTable({ 'POST /api/labels': pdf }));
    const { user, dialog } = await openDialog(versions);
    const skip = within(dialog).getByRole('textbox', { name: 'Places already used' });
    await user.clear(skip);
    await user.type(skip, '23');
    expect(skip).toHaveValue('23');
    expect(places().filter((cell) => cell.hasAttribute('data-skipped'))).toHaveLength(23);
    // 2 × 7 has places 0 to 13: the skip follows the smaller sheet.
    await user.click(within(dialog).getByRole('radio', { name: 'A4 sheet, 2 × 7 labels (105 × 42 mm)' }));
    expect(skip).toHaveValue('13');

    await user.click(within(dialog).getByRole('radio', { name: /Label printer, 62 mm/ }));
    expect(skip).toBeDisabled();
    expect(skip).toHaveValue('0');
    expect(places()).toHaveLength(1);
    expect(within(dialog).getByTestId('labels-summary')).toHaveTextContent('Labels: 3 · pages: 3');
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/labels')).toEqual([
        { versions: versions.map((v) => v.href), layout: '62mm', skip: 0 },
      ]),
    );
  });

  it(`says a list over ${LABELS_MAX} labels is too long and sends nothing`, async () => {
    const fetchMock = stubFetch(routeTable({ 'POST /api/labels': pdf }));
    const many = Array.from({ length: LABELS_MAX + 1 }, (_, i) => ({
      href: `/api/systems/versions/${i + 1}`,
      parent_name: 'S',
      name: String(i),
      name2: null,
    }));
    const { dialog } = await openDialog(many);
    expect(within(dialog).getByTestId('labels-too-many')).toHaveTextContent(
      'At most 2,000 labels can be printed at once, and this list holds more.',
    );
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    expect(bodiesSentTo(fetchMock, '/api/labels')).toEqual([]);
  });

  it("shows the server's message when the labels cannot be made", async () => {
    stubFetch(
      routeTable({ 'POST /api/labels': () => apiError(404, 'Not Found', 'Assembly version 12 does not exist.') }),
    );
    const { user, dialog } = await openDialog(versions);
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await within(dialog).findByText('Assembly version 12 does not exist.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("prints a browser's whole filtered version list, not only its first page", async () => {
    const page = (from: number, next: string | null) => ({
      versions: [from, from + 1].map((id) => ({
        href: `/api/systems/versions/${id}`,
        parent_name: `Line ${id}`,
        name: '1.0',
        name2: null,
      })),
      next,
    });
    const fetchMock = stubFetch(
      routeTable({
        '/api/systems/versions/page': (request: { url: URL }) =>
          json(200, request.url.searchParams.get('after') ? page(3, null) : page(1, 'p2')),
        'POST /api/labels': pdf,
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<VersionListLabels kind="systems" filter="Line" list="System" />);
    await user.click(screen.getByRole('button', { name: 'Print labels: System' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(await within(dialog).findByTestId('labels-summary')).toHaveTextContent('Labels: 4');
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/labels')).toEqual([
        { versions: [1, 2, 3, 4].map((id) => `/api/systems/versions/${id}`), layout: 'a4-3x8', skip: 0 },
      ]),
    );
    expect(
      fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').searchParams.get('q')).slice(0, 2),
    ).toEqual(['Line', 'Line']);
  });

  it('prints every version a search finds, the pages not yet scrolled to included, and no items', async () => {
    // An item among the results (a hint's item) carries no version numbers.
    const result = (id: number, item = false): SearchResult => ({
      parent: `Line ${id}`,
      href: item ? `/api/systems/${id}` : `/api/systems/versions/${id}`,
      name: item ? null : '1.0',
      name2: null,
      type: 'System',
    });
    const fetchMock = stubFetch(
      routeTable({
        'POST /api/search/full/page': (request: { body: unknown }) =>
          json(
            200,
            (request.body as { after?: string }).after
              ? { results: [result(3)], next: null }
              : { results: [result(1), result(9, true), result(2)], next: 'p2' },
          ),
        'POST /api/labels': pdf,
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SearchResultLabels search={{ term: 'line', results: [result(1)], next: 'p1' }} />);
    await user.click(screen.getByRole('button', { name: 'Print labels: Search results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(await within(dialog).findByTestId('labels-summary')).toHaveTextContent('Labels: 3');
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/labels')).toEqual([
        { versions: [1, 2, 3].map((id) => `/api/systems/versions/${id}`), layout: 'a4-3x8', skip: 0 },
      ]),
    );
    expect(bodiesSentTo(fetchMock, '/api/search/full/page')).toEqual([
      { word: 'line', limit: 200 },
      { word: 'line', limit: 200, after: 'p2' },
    ]);
  });
});
