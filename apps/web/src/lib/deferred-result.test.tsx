// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDeferredResult } from './deferred-result';

afterEach(cleanup);

/** TanStack Query tells React of changes on a timer: wait for it. */
const notified = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Records what a page saw, render by render: pending, or the data it would draw. */
function Page({ seen }: { seen: string[] }) {
  const query = useDeferredResult(
    useQuery({ queryKey: ['work'], queryFn: () => new Promise<string>(() => {}) }),
  );
  seen.push(query.isPending ? 'pending' : `data:${query.data}`);
  return null;
}

function mount(client: QueryClient, seen: string[]) {
  render(
    <QueryClientProvider client={client}>
      <Page seen={seen} />
    </QueryClientProvider>,
  );
}

describe('useDeferredResult', () => {
  it('keeps the loader in the urgent render when the first data arrives and draws it in the background render', async () => {
    const client = new QueryClient();
    const seen: string[] = [];
    mount(client, seen);
    expect(seen.at(-1)).toBe('pending');
    const before = seen.length;
    await act(async () => {
      client.setQueryData(['work'], 'v1');
      await notified();
    });
    // The external-store update rendered first with the page still pending, then with the data.
    expect(seen.slice(before)).toContain('pending');
    expect(seen.at(-1)).toBe('data:v1');
    expect(seen.slice(before).indexOf('pending')).toBeLessThan(seen.slice(before).indexOf('data:v1'));
  });

  it('passes later data on in the same render: an editor never acts on an older version', async () => {
    const client = new QueryClient();
    client.setQueryData(['work'], 'v1');
    const seen: string[] = [];
    mount(client, seen);
    expect(seen.at(-1)).toBe('data:v1');
    const before = seen.length;
    await act(async () => {
      client.setQueryData(['work'], 'v2');
      await notified();
    });
    expect(seen.slice(before)).not.toContain('data:v1');
    expect(seen.slice(before)).not.toContain('pending');
    expect(seen.at(-1)).toBe('data:v2');
  });
});
