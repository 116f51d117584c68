import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiFailure } from './api-failure';
import { dismissError, useCurrentError } from './error-banner';
import { createQueryClient } from './query-client';

const forbidden = new ApiFailure({ status: 403, statusText: 'Forbidden', error: 'Forbidden', message: 'No.' });

function setup(meta?: { banner?: boolean }) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  let calls = 0;
  const { result } = renderHook(
    () => ({
      query: useQuery({
        queryKey: ['x'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(forbidden);
        },
        meta,
      }),
      banner: useCurrentError(),
    }),
    { wrapper },
  );
  return { result, calls: () => calls };
}

afterEach(() => act(() => dismissError()));

describe('createQueryClient', () => {
  it('sends a failed query to the error banner, without retrying a 4xx', async () => {
    const { result, calls } = setup();
    await waitFor(() => expect(result.current.query.isError).toBe(true));
    expect(calls()).toBe(1);
    expect(result.current.banner).toMatchObject({ status: 403, message: 'No.' });
  });

  it('keeps a query with meta.banner false out of the banner', async () => {
    const { result } = setup({ banner: false });
    await waitFor(() => expect(result.current.query.isError).toBe(true));
    expect(result.current.banner).toBeNull();
  });
});
