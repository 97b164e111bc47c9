// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Performance } from '@pw/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadPageTexts } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { usePerformance } from '../api/performance';
import { WorkEditor } from './WorkEditor';
import { useWorkDraft } from './work-editor/use-work-draft';

// The essay editor against a stubbed server (fetch is the only thing replaced): the real query
// and mutation hooks, Mantine, the router and the Korean catalogs.

const ids = { courseId: 1, assignmentId: 2 };
const PATH = '/api/v1/courses/1/assignments/2/performances/7/';

function work(overrides: Partial<Performance['stage_object']> = {}, version = 1): Performance {
  return {
    id: 7,
    is_completed: false,
    is_late: false,
    stage: 'ES',
    model: 'essaywriting',
    version,
    updated_at: '2025-01-01T00:00:00Z',
    completed_at: null,
    late_time: null,
    editable: true,
    deadline: null,
    is_extended: false,
    late_essay_open: false,
    is_mine: true,
    stage_object: {
      id: 70,
      late: false,
      files: [],
      content: { ops: [{ insert: 'stored text\n' }] },
      plain_text: 'stored text\n',
      editor_type: 'Q',
      max_length: 100,
      limit_type: 'L',
      responses: null,
      essay: null,
      retrospective: null,
      targets: null,
      extra: { question: null, is_late: false },
      ...overrides,
    },
  };
}

/** A draft typed earlier and kept in the browser: the editor starts from it, unsaved. */
function keepDraft(text: string) {
  localStorage.setItem(
    'pw.work-draft.7',
    JSON.stringify({ delta: { ops: [{ insert: text }] }, text, version: 1, at: 1 }),
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Sent = { method: string; contentType: string | null; body: unknown };

/** The server: GET answers the stored work; each PATCH is answered by the next handler. */
function stubServer(initial: Performance, patches: Array<(body: { version?: number }) => Promise<Response>>) {
  let stored = initial;
  const sent: Sent[] = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit = {}) => {
    expect(url).toBe(PATH);
    const method = init.method ?? 'GET';
    if (method === 'GET') return json(200, stored);
    const headers = new Headers(init.headers);
    const body = JSON.parse(String(init.body));
    sent.push({ method, contentType: headers.get('content-type'), body });
    const handler = patches.shift();
    if (!handler) throw new Error('unexpected save');
    const res = await handler(body);
    if (res.ok) stored = (await res.clone().json()) as Performance;
    return res;
  });
  vi.stubGlobal('fetch', fetchStub);
  return { sent };
}

/** The editor as the work page mounts it: fed by the performance query. */
function Page() {
  const p = usePerformance(ids.courseId, ids.assignmentId, 7);
  return p.data ? <WorkEditor ids={ids} performance={p.data} /> : null;
}

function renderPage() {
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/courses/1/learner/assignments/2/performances/ES']}>
          <Page />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeAll(async () => {
  await loadPageTexts();
  // Mantine's media queries and Quill's layout need these browser parts.
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
});

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saveButton = () => screen.getByTestId('save-work');

describe('saving the essay', () => {
  it('goes saving → saved: one JSON request with the text and version, then "stored"', async () => {
    keepDraft('my new essay\n');
    let answer: (r: Response) => void = () => {};
    const server = stubServer(work(), [
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    ]);
    renderPage();
    await waitFor(() => expect(saveButton().dataset.state).toBe('changed'));
    expect(saveButton().dataset.saveState).toBe('idle');
    expect(saveButton().textContent).toContain(i18n.t('work.saveSubmit'));

    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().dataset.saveState).toBe('saving'));
    expect(saveButton().hasAttribute('data-loading')).toBe(true);
    expect(server.sent).toEqual([
      {
        method: 'PATCH',
        contentType: 'application/json',
        body: {
          stage_object: {
            content: { ops: [{ insert: 'my new essay\n' }] },
            plain_text: 'my new essay\n',
            editor_type: 'Q',
          },
          version: 1,
        },
      },
    ]);

    await act(async () =>
      answer(
        json(
          200,
          work({ plain_text: 'my new essay\n', content: { ops: [{ insert: 'my new essay\n' }] } }, 2),
        ),
      ),
    );
    await waitFor(() => expect(saveButton().dataset.saveState).toBe('saved'));
    await waitFor(() => expect(saveButton().dataset.state).toBe('stored'));
    expect(saveButton().textContent).toContain(i18n.t('work.stored'));
    expect(await screen.findByText(i18n.t('work.submitted'))).toBeTruthy();
    expect(localStorage.getItem('pw.work-draft.7')).toBeNull();
  });

  it("shows the server's refusal and keeps the draft", async () => {
    keepDraft('my new essay\n');
    stubServer(work(), [async () => json(400, { detail: '지금은 저장할 수 없습니다.', code: 'invalid' })]);
    renderPage();
    await waitFor(() => expect(saveButton().dataset.state).toBe('changed'));
    fireEvent.click(saveButton());
    expect(await screen.findByText('지금은 저장할 수 없습니다.')).toBeTruthy();
    expect(saveButton().dataset.saveState).toBe('error');
    expect(saveButton().dataset.state).toBe('changed');
    expect(localStorage.getItem('pw.work-draft.7')).not.toBeNull();
  });

  it('offers both texts on a stale save (409) and saves mine over the newer version', async () => {
    keepDraft('my new essay\n');
    const theirs = work({ plain_text: 'their essay\n', content: { ops: [{ insert: 'their essay\n' }] } }, 3);
    const server = stubServer(work(), [
      async () => json(409, { detail: 'stale', code: 'performance_stale', current: theirs }),
      async () =>
        json(
          200,
          work({ plain_text: 'my new essay\n', content: { ops: [{ insert: 'my new essay\n' }] } }, 4),
        ),
    ]);
    renderPage();
    await waitFor(() => expect(saveButton().dataset.state).toBe('changed'));
    fireEvent.click(saveButton());

    const dialog = await screen.findByTestId('stale-dialog');
    expect(within(dialog).getByTestId('stale-mine').textContent).toBe('my new essay\n');
    expect(within(dialog).getByTestId('stale-theirs').textContent).toBe('their essay\n');

    fireEvent.click(within(dialog).getByTestId('keep-mine'));
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]?.body).toMatchObject({
      version: 3,
      stage_object: { plain_text: 'my new essay\n' },
    });
    await waitFor(() => expect(saveButton().dataset.state).toBe('stored'));
    await waitFor(() => expect(screen.queryByTestId('stale-dialog')).toBeNull());
  });
});

describe('the length counter', () => {
  it('counts the draft against the limit, and over it blocks the save with a warning', async () => {
    keepDraft('이 글은 열 자가 넘습니다\n');
    stubServer(work({ max_length: 10 }), []);
    renderPage();
    const counter = await screen.findByTestId('length-counter');
    expect(counter.textContent).toBe(
      i18n.t('work.counter', { count: 14, max: 10, unit: i18n.t('work.unitLetters') }),
    );
    expect(screen.getByTestId('over-limit').textContent).toBe(i18n.t('work.overLimit'));
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('follows the editor: words or letters, and the limit warning comes and goes', () => {
    const p = work({ limit_type: 'W', max_length: 3, plain_text: '', content: null });
    const { result } = renderHook(() => useWorkDraft(p, true));
    expect(result.current.count).toBe(0);
    expect(result.current.changed).toBe(false);
    act(() =>
      result.current.onEditor({ delta: { ops: [{ insert: 'one two three\n' }] }, text: 'one two three\n' }),
    );
    expect(result.current.count).toBe(3);
    expect(result.current.over).toBe(false);
    expect(result.current.changed).toBe(true);
    act(() =>
      result.current.onEditor({
        delta: { ops: [{ insert: 'one two three four\n' }] },
        text: 'one two three four\n',
      }),
    );
    expect(result.current.count).toBe(4);
    expect(result.current.over).toBe(true);
    // What is typed is kept in the browser at once.
    expect(JSON.parse(localStorage.getItem('pw.work-draft.7') ?? '{}').text).toBe('one two three four\n');
  });
});
