import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ConsistencyScreen } from './components/consistency-screen';
import { fakeServer, json } from './test-support';

const finding = (rule: string, severity: string, message: string, href: string, fix: string) => ({
  rule,
  severity,
  message,
  hrefs: [href],
  fix,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the consistency check', () => {
  it('asks rule by rule, groups the findings by rule with links to their fix, and filters them', async () => {
    const user = userEvent.setup();
    const api = fakeServer({
      'GET /api/consistency': (_body, request) => {
        const rule = request.url.searchParams.get('rule') ?? '';
        const findings =
          {
            conditional_without_obligation: [
              finding(
                rule,
                'error',
                'The conditional status 18 has no obligation text.',
                '/api/compatibility_infos/18',
                '/basic-data/obligations-intern',
              ),
            ],
            unused_reference: [
              finding(
                rule,
                'info',
                'The reference “R-1” is used by no compatibility.',
                '/api/references/1',
                '/basic-data/references',
              ),
              finding(
                rule,
                'info',
                'The reference “R-2” is used by no compatibility.',
                '/api/references/2',
                '/basic-data/references',
              ),
            ],
          }[rule] ?? [];
        return json(200, { findings, counts: { [rule]: findings.length } });
      },
    });
    renderWithProviders(<ConsistencyScreen />);
    await user.click(screen.getByRole('button', { name: 'Check the data' }));
    await waitFor(() => expect(api.to('GET /api/consistency')).toHaveLength(6));
    const conditional = await screen.findByTestId('consistency-rule-conditional_without_obligation');
    await waitFor(() => expect(conditional).toHaveTextContent('1 finding'));
    expect(within(conditional).getByRole('link', { name: 'Fix it' })).toHaveAttribute(
      'href',
      '/basic-data/obligations-intern',
    );
    const references = screen.getByTestId('consistency-rule-unused_reference');
    expect(references).toHaveTextContent('R-1');
    await user.type(screen.getByRole('textbox', { name: 'Filter the findings' }), 'r-2');
    expect(references).not.toHaveTextContent('R-1');
    expect(references).toHaveTextContent('R-2');
    await user.click(within(screen.getByTestId('consistency-severity')).getByText('Errors'));
    expect(screen.queryByTestId('consistency-rule-unused_reference')).not.toBeInTheDocument();
  });
});
