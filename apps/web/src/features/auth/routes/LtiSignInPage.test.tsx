// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { AuthProvider } from '../../../lib/session/auth-context';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { LtiSignInPage } from './LtiSignInPage';

// The landing of an LTI launch against a stubbed server: the code is exchanged once, the session
// stored as after a password sign-in, and the browser goes on to the launch's page.

const CODE = 'c'.repeat(43);
const SIGNED_IN = {
  token: 't'.repeat(43),
  is_staff: false,
  expires_at: '2030-01-01T00:00:00Z',
  user: { id: 5, email: 'student@lms.example.edu', name: '이학생', role: 'L', is_staff: false },
  target: '/courses/3/learner/assignments/4/performances',
};

function stubExchange(status: number, body: unknown) {
  const fetchStub = vi.fn(
    async (_url: string, _init: RequestInit = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function renderAt(url: string) {
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <AuthProvider>
            <Routes>
              <Route path="/lti-sign-in" element={<LtiSignInPage />} />
              <Route path="/courses/3/learner/assignments/4/performances" element={<p>the essay page</p>} />
            </Routes>
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeAll(async () => {
  await loadPageTexts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the LTI sign-in landing', () => {
  it('exchanges the code once, stores the session and goes to the launch target', async () => {
    const fetchStub = stubExchange(200, SIGNED_IN);
    renderAt(`/lti-sign-in?code=${CODE}&lang=ko`);
    expect(await screen.findByText('the essay page')).toBeTruthy();
    expect(readStorage(STORAGE_KEYS.token)).toBe(SIGNED_IN.token);
    const exchanges = fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/api/v1/lti/exchange/'));
    expect(exchanges).toHaveLength(1);
    expect(JSON.parse(String(exchanges[0]?.[1]?.body))).toEqual({ code: CODE });
  });

  it('says the link expired when the code is refused, and stores nothing', async () => {
    stubExchange(401, { detail: 'invalid', code: 'invalid_token' });
    renderAt(`/lti-sign-in?code=${CODE}`);
    await waitFor(() => expect(screen.getByText('로그인하지 못했습니다')).toBeTruthy());
    expect(readStorage(STORAGE_KEYS.token)).toBeNull();
  });
});
