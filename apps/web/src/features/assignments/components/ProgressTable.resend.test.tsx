// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import type { GradeSend, ManagementTable } from '@pw/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { ProgressTable } from './ProgressTable';

// The LMS grade of a learner whose send failed: "Resend" asks first, then posts the resend.

const person = (pk: number, name: string): ManagementTable['names'][number] => ({
  pk,
  name,
  code: `S${pk}`,
  status: 1,
  attended: true,
  is_late: null,
  is_essay_late: false,
  essay_late_time: null,
  report: null,
  objection: null,
});
const TABLE: ManagementTable = {
  current_stage: 'CO',
  headers: [],
  rows: [[], []],
  names: [person(11, '김학생'), person(12, '이학생')],
};
const grade = (enrollment_id: number, status: GradeSend['status']): GradeSend => ({
  enrollment_id,
  status,
  score: 85,
  sent_score: status === 'sent' ? 85 : null,
  sent_at: status === 'sent' ? '2026-11-20T10:00:00Z' : null,
});

beforeAll(async () => {
  await loadPageTexts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('resending a failed LMS grade', () => {
  it('offers Resend only for a failed grade, and posts it after the confirmation', async () => {
    const fetchStub = vi.fn(
      async (_url: string, _init: RequestInit = {}) =>
        new Response(JSON.stringify({ ...grade(11, 'pending') }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchStub);
    render(
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <ProgressTable
              courseId={3}
              assignmentId={4}
              table={TABLE}
              canApprove={false}
              grades={
                new Map([
                  [11, grade(11, 'failed')],
                  [12, grade(12, 'sent')],
                ])
              }
            />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.queryByTestId('lms-grade-resend-12')).toBeNull();
    fireEvent.click(await screen.findByTestId('lms-grade-resend-11'));
    // Nothing is sent before the confirmation, which names the learner.
    expect(await screen.findByText(/김학생님의 성적\(85점\)/)).toBeTruthy();
    expect(fetchStub.mock.calls.filter(([url]) => String(url).includes('/resend/'))).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: '다시 보내기' }).at(-1);
    fireEvent.click(confirm as HTMLElement);
    await waitFor(() =>
      expect(
        fetchStub.mock.calls.some(([url]) =>
          String(url).endsWith('/courses/3/assignments/4/lti/grades/11/resend/'),
        ),
      ).toBe(true),
    );
    const call = fetchStub.mock.calls.find(([url]) => String(url).includes('/resend/'));
    expect(call?.[1]?.method).toBe('POST');
  });
});
