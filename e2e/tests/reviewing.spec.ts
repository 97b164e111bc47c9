import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';

// Issue 13: three learners review each other anonymously, evaluate themselves once their peer
// reviews are done, rate the reviews they received, and one objects.

type Tree = { [key: string]: string | Tree };
const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Tree;
const catalog: Tree = {
  ...read('../../apps/web/src/locales/ko/common.json'),
  ...read('../../packages/contract/locales/ko/messages.json'),
};
function t(key: string, params: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function signIn(browser: Browser, email: string, viewport = { width: 1440, height: 900 }, lang = 'ko') {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, lang);
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  return page;
}

async function api(page: Page, method: string, path: string, body?: unknown, form?: Record<string, string>) {
  return page.evaluate(
    async ({ method, path, body, form }) => {
      let payload: BodyInit | undefined;
      const headers: Record<string, string> = { authorization: `Token ${localStorage.getItem('token')}` };
      if (form) {
        const data = new FormData();
        for (const [k, v] of Object.entries(form)) data.append(k, v);
        payload = data;
      } else if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      const res = await fetch(`/api/v1${path}`, { method, headers, body: payload });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path, body, form },
  );
}

const COURSE = '/courses/1';
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

test('learners review each other, evaluate themselves, rate what they received and object', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const prof = await signIn(browser, 'prof@example.com');
  const created = await api(prof, 'POST', `${COURSE}/assignments/`, undefined, {
    name: `E2E 동료평가 ${Date.now() % 100000}`,
    description: '서로 평가합니다.',
    is_directly_starting: 'true',
    progresses: JSON.stringify([
      { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 60 } },
      {
        model: 'peerreview',
        stage_object: {
          peer_count: 1,
          max_review_score: 10,
          max_metacognition_score: 10,
          standards: [{ question: '주장이 분명한가?', max_point: 4 }],
        },
      },
      { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
      { model: 'revisement', stage_object: { max_revisement_score: 10 } },
    ]),
  });
  expect(created.status).toBe(201);
  const aid = created.json.id as number;
  const learners = await Promise.all(
    ['student20@example.com', 'student21@example.com', 'student22@example.com'].map((e) =>
      signIn(browser, e),
    ),
  );
  for (const [i, page] of learners.entries()) {
    const a = await api(page, 'GET', `${COURSE}/assignments/${aid}/`);
    const saved = await api(
      page,
      'PATCH',
      `${COURSE}/assignments/${aid}/performances/${a.json.performance_id}/`,
      {
        stage_object: { content: { ops: [{ insert: `학습자 ${i + 1}의 에세이입니다.\n` }] } },
      },
    );
    expect(saved.status).toBe(200);
  }
  expect(
    (await api(prof, 'PATCH', `${COURSE}/assignments/${aid}/move-to-next-stage/`, { expected_stage: 'ES' }))
      .status,
  ).toBe(200);

  // The whole demo class takes part, so the engine may have given these essays to other learners:
  // the instructor re-matches the three writers in a ring.
  const page0 = await api(prof, 'GET', `${COURSE}/assignments/${aid}/matchings/`);
  const writers = (page0.json.reviewers as { id: number; has_essay: boolean }[])
    .filter((r) => r.has_essay)
    .map((r) => r.id);
  expect(writers).toHaveLength(3);
  const ring = writers.map((id, i) => ({ reviewer: id, target: writers[(i + 1) % writers.length] }));
  expect(
    (await api(prof, 'POST', `${COURSE}/assignments/${aid}/matchings-reset/`, { matchings: ring })).status,
  ).toBe(200);

  // The matching page shows the ring with real names and saves it.
  await prof.goto(`${COURSE}/instructor/assignments/${aid}/matchings`);
  await expect(prof.getByTestId('matching-page')).toBeVisible();
  await expect(prof.getByTestId('matching-uncovered')).toHaveCount(0);
  await prof.getByTestId('save-matching').click();
  await expect(toast(prof, t('matching.saved'))).toBeVisible();
  await shot(prof, 'matching-ko');

  // In the browser: the list, the locked self-evaluation, one review, then the self-evaluation.
  const me = learners[0] as Page;
  await me.goto(`${COURSE}/learner/assignments/${aid}/performances/PE`);
  const list = me.getByTestId('peer-review-list');
  await expect(list.getByRole('link', { name: t('review.peer', { n: 1 }) })).toBeVisible();
  await expect(list.getByText(t('review.self'))).toBeVisible();
  await expect(list.getByRole('link', { name: t('review.self') })).toHaveCount(0);
  await shot(me, 'peer-list-ko');
  await list.getByRole('link', { name: t('review.peer', { n: 1 }) }).click();
  const page = me.getByTestId('peer-review-page');
  await expect(page.getByTestId('essay-view')).toContainText('의 에세이입니다');
  await page.getByTestId('standard-0').getByText('3', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '3' })).toBeChecked();
  await page.getByLabel(t('review.comment')).fill('주장이 첫 문장에 분명히 드러납니다.');
  await shot(me, 'peer-review-ko');
  await page.getByTestId('submit-review').click();
  await expect(toast(me, t('review.saved'))).toBeVisible();
  await page.getByRole('link', { name: t('review.backToList') }).click();
  await list.getByRole('link', { name: t('review.self') }).click();
  await me.getByLabel(t('review.comment')).fill('근거가 더 필요합니다.');
  await me.getByTestId('submit-review').click();
  await expect(toast(me, t('review.saved'))).toBeVisible();

  // The other two finish through the API; the instructor moves on to feedback.
  for (const other of learners.slice(1)) {
    const a = await api(other, 'GET', `${COURSE}/assignments/${aid}/`);
    const work = await api(
      other,
      'GET',
      `${COURSE}/assignments/${aid}/performances/${a.json.performance_id}/`,
    );
    for (const target of work.json.stage_object.targets as { id: number }[]) {
      const r = await api(
        other,
        'PATCH',
        `${COURSE}/assignments/${aid}/performances/peerreview-matching/${target.id}/`,
        {
          responses: [{ id: 0, point: 2, comment: '문단 연결을 다듬어 보세요.' }],
        },
      );
      expect(r.status).toBe(200);
    }
  }
  expect(
    (await api(prof, 'PATCH', `${COURSE}/assignments/${aid}/move-to-next-stage/`, { expected_stage: 'PE' }))
      .status,
  ).toBe(200);

  // Feedback: the review received, labelled; a rating; an objection.
  await me.goto(`${COURSE}/learner/assignments/${aid}/performances/FE`);
  const card = me.locator('[data-testid^="received-"]').first();
  await expect(card).toContainText(t('review.peer', { n: 1 }).replace('동료', '평가자'));
  await expect(card).toContainText('문단 연결을 다듬어 보세요.');
  const rate = card.getByRole('button', { name: t('review.rate') });
  await expect(rate).toBeDisabled();
  await card.locator('[data-testid^="rating-"] label').nth(3).click();
  await card.getByLabel(t('review.ratingComment')).fill('구체적이라 도움이 됐습니다.');
  await rate.click();
  await expect(toast(me, t('review.rated'))).toBeVisible();
  await expect(me.getByRole('dialog').getByText(t('review.toRevision'))).toBeVisible();
  await me
    .getByRole('dialog')
    .getByRole('button', { name: t('review.goRevision') })
    .click();
  await card.getByRole('button', { name: t('review.object') }).click();
  await me.getByRole('dialog').getByRole('textbox').fill('근거를 보지 않고 낮게 준 것 같습니다.');
  await me.getByTestId('save-objection').click();
  await expect(toast(me, t('review.objectionSaved'))).toBeVisible();
  await expect(card).toContainText(t('review.status.pending'));
  await shot(me, 'feedback-ko');

  // The instructor sees the objection in the management table's data.
  const table = await api(prof, 'GET', `${COURSE}/assignments/${aid}/management/`);
  expect(table.json.names.filter((n: { objection: unknown }) => n.objection !== null)).toHaveLength(1);
});

test('the peer-review and feedback tabs on a phone, in English', async ({ browser }) => {
  // The demo's peer-review assignment (3) and feedback assignment (5), as student10.
  const me = await signIn(browser, 'student10@example.com', { width: 390, height: 844 });
  await me
    .getByTestId('language-switch')
    .getByText('English')
    .click()
    .catch(() => undefined);
  await me.evaluate(() => localStorage.setItem('language', 'en'));
  await me.goto(`${COURSE}/learner/assignments/3/performances/PE`);
  const list = me.getByTestId('peer-review-list');
  await expect(list.getByRole('link', { name: 'Peer 1' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Self-evaluation' })).toBeVisible();
  await list.getByRole('link', { name: 'Peer 1' }).click();
  await expect(me.getByTestId('peer-review-page')).toContainText('Rubric');
  await shot(me, 'peer-review-phone-en');
  await me.goto(`${COURSE}/learner/assignments/5/performances/FE`);
  await expect(me.locator('[data-testid^="received-"]').first()).toContainText('Reviewer 1');
  await expect(me.getByText('How helpful was this review?').first()).toBeVisible();
  await shot(me, 'feedback-phone-en');
});
