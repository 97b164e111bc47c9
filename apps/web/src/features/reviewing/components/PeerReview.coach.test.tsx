// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { PeerReview } from '@pw/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, loadPageTexts } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { PeerReviewPage } from './PeerReview';

// The review coach on the real peer-review page (issue 34, item 2): fetch is stubbed, the rules,
// Mantine, the router and the catalogs are the real ones.

const KO_ESSAY =
  '학교에서 스마트폰 사용을 전면 금지해서는 안 된다. 실제로 우리 반은 과학 시간에 스마트폰으로 미세먼지 농도를 측정해 보고서를 썼다.';
const EN_ESSAY =
  'Schools should move to a four-day week. In 2019, a district in Colorado tried the four-day week and reported higher attendance.';

function review(essay: string, question: string): PeerReview {
  return {
    id: 9,
    is_completed: false,
    is_self_review: false,
    label: 1,
    editable: true,
    responses: [{ id: 0, point: 3, comment: '', standard: { question, max_point: 5 } }],
    target_essay: { content: null, plain_text: essay, editor_type: null, files: [] },
  };
}

function renderPage(body: PeerReview) {
  const saves: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      // The essay's anchored comments (issue 34, item 3) load beside the review: none here.
      if (String(url).includes('/anchors/'))
        return new Response(JSON.stringify({ editable: true, anchors: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      if ((init.method ?? 'GET') !== 'GET') saves.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/r/peer-review/9']}>
          <Routes>
            <Route
              path="/r/peer-review/:matchingId"
              element={<PeerReviewPage ids={{ courseId: 1, assignmentId: 2 }} />}
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { saves };
}

async function typeComment(text: string) {
  // The rubric's comment box (the essay's panel has its own boxes).
  const box = within(await screen.findByTestId('standard-0')).getByRole('textbox');
  fireEvent.change(box, { target: { value: text } });
  return box;
}

beforeAll(async () => {
  await loadPageTexts();
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // Mantine's autosizing textarea listens for web fonts, which happy-dom lacks.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('ko');
});

describe('review coach on the peer-review page', () => {
  it('hints under a vague Korean comment, in a polite region the box is described by, and still saves', async () => {
    await changeLanguage('ko');
    const { saves } = renderPage(review(KO_ESSAY, '근거가 충분하고 적절한가?'));
    const box = await typeComment('좋아요');
    const region = screen.getByTestId('coach-0');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(region.id);
    const hints = await screen.findByTestId('coach-hints');
    expect(hints.textContent).toContain('‘좋아요’, ‘잘 썼어요’ 같은 말만으로는');
    // Two at a time, the domain's first ones (it finds four here: no reference, no suggestion too).
    expect([...hints.querySelectorAll('[data-hint]')].map((x) => x.getAttribute('data-hint'))).toEqual([
      'too_short',
      'generic',
    ]);
    // Longer but still naming nothing in the essay: the next hints come forward.
    await typeComment('전체적으로 흐름이 자연스럽고 읽기 편했습니다. 정말 잘 쓴 글이라고 생각해요.');
    await waitFor(() =>
      expect(
        [...screen.getByTestId('coach-hints').querySelectorAll('[data-hint]')].map((x) =>
          x.getAttribute('data-hint'),
        ),
      ).toEqual(['no_reference', 'no_suggestion']),
    );
    await typeComment('좋아요');
    await screen.findByText(/‘좋아요’, ‘잘 썼어요’ 같은 말만으로는/);
    fireEvent.click(screen.getByTestId('submit-review'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ responses: [{ id: 0, comment: '좋아요' }] });
  });

  it('has no hint for a specific Korean comment', async () => {
    await changeLanguage('ko');
    renderPage(review(KO_ESSAY, '근거가 충분하고 적절한가?'));
    await typeComment(
      '스마트폰으로 미세먼지 농도를 측정한 사례가 구체적이라 좋아요. 다만 한 학급의 경험뿐이라 다른 학교의 조사 결과를 추가하면 좋겠어요.',
    );
    expect(await screen.findByTestId('coach-ok')).toBeTruthy();
    expect(screen.queryByTestId('coach-hints')).toBeNull();
  });

  it('hints in English on a vague comment and not on a specific one, updating as the reviewer types', async () => {
    await changeLanguage('en');
    renderPage(review(EN_ESSAY, 'Is the evidence sufficient and relevant?'));
    await typeComment('Good job!');
    const hints = await screen.findByTestId('coach-hints');
    expect(hints.textContent).toContain('Words like “good job” or “nice” alone');
    await typeComment(
      'The Colorado district example is strong evidence, but one district is a small sample. Add a second study to make the case sturdier.',
    );
    expect(await screen.findByTestId('coach-ok')).toBeTruthy();
    expect(screen.queryByTestId('coach-hints')).toBeNull();
  });
});
