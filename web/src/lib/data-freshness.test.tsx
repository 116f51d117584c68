import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { followingData, INFOS_KEY, useDataFreshness, useModificationTime } from './data-freshness';
import { createQueryClient } from './query-client';
import { json, stubFetch } from '../test/fetch-stub';

describe('useDataFreshness', () => {
  it('reloads the other screens when the modification time changes, but not on the first answer', async () => {
    let time = '2026-01-01T00:00:00Z';
    stubFetch(() => json(200, { modification_time: time }));
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const loads = { table: 0, evaluation: 0 };
    renderHook(
      () => {
        useDataFreshness(true);
        useQuery({ queryKey: ['basic-data', 'items'], queryFn: () => ++loads.table });
        const modificationTime = useModificationTime();
        useQuery({
          ...followingData(['evaluate', 'item-versions'], modificationTime),
          queryFn: () => ++loads.evaluation,
        });
      },
      { wrapper },
    );
    await waitFor(() => expect(client.getQueryData(INFOS_KEY)).toEqual({ modification_time: time }));
    await waitFor(() => expect(loads).toEqual({ table: 1, evaluation: 1 }));

    // Someone saved: the next check of /api/infos sees a new time.
    time = '2026-01-01T00:05:00Z';
    await act(() => client.invalidateQueries({ queryKey: INFOS_KEY }));
    await waitFor(() => expect(loads).toEqual({ table: 2, evaluation: 2 }));
    // Evaluation queries follow the time through their keys; the change does not reload them again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loads).toEqual({ table: 2, evaluation: 2 });
  });

  it('asks nothing while disabled (no signed-in user with a role)', async () => {
    const fetchMock = stubFetch(() => json(200, { modification_time: 'x' }));
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useDataFreshness(false), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
