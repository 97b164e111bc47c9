// @vitest-environment happy-dom
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { createQueryClient } from '../query-client';
import { configurationQuery, isUnknownOrganisation } from './configuration';

// Issue 36 (0a): a failed configuration call asked again 40 times a second, because every screen
// that mounted on the failed query fetched it again and the app went back to "loading".

const answer = (status: number) =>
  vi.fn(async () => new Response(JSON.stringify({ detail: 'x', code: 'not_found' }), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the configuration query', () => {
  it('is asked again at most three times, 1, 2 and 4 s apart, and never for an unknown organisation', () => {
    const retry = configurationQuery.retry as (failures: number, error: unknown) => boolean;
    const delay = configurationQuery.retryDelay as (attempt: number) => number;
    expect(retry(0, new ApiError(404))).toBe(false);
    expect(isUnknownOrganisation(new ApiError(404))).toBe(true);
    expect(isUnknownOrganisation(new ApiError(500))).toBe(false);
    expect([0, 1, 2].map((n) => retry(n, new ApiError(500)))).toEqual([true, true, true]);
    expect(retry(3, new ApiError(500))).toBe(false);
    expect(retry(0, new ApiError(0))).toBe(true);
    expect([0, 1, 2].map((n) => delay(n))).toEqual([1000, 2000, 4000]);
  });

  it('a screen that mounts on the failed query does not ask the server again', async () => {
    const fetch = answer(404);
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    await expect(client.fetchQuery(configurationQuery)).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
    const screens = [1, 2, 3].map(() => new QueryObserver(client, configurationQuery));
    const stops = screens.map((o) => o.subscribe(() => undefined));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screens[0]?.getCurrentResult().status).toBe('error');
    for (const stop of stops) stop();
  });
});
