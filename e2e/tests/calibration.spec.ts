import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, COURSE, type Lang, PHONE, signIn as signInAs, text, toast, WIDE } from './support';

// Issue 34, item 1: calibration before peer review. In the demo's calibration assignment a learner
// scores the instructor's examples on the rubric, sees the instructor's points and explanation
// beside theirs with the closeness, then reaches the peer reviews (Korean 1440 px, English 390 px);
// the instructor sets an example in the assignment editor.

const ASSIGNMENT = '1-1차 과제: 예시로 연습하고 평가하기';
const STANDARDS = ['주장이 분명하고 일관되게 드러나는가?', '근거가 충분하고 적절한가?'];
const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const signIn = (browser: Browser, email: string, viewport: typeof WIDE, lang: Lang) =>
  signInAs(browser, email, { viewport, lang });

async function assignmentId(page: Page): Promise<number> {
  const list = await api(page, 'GET', '/courses/1/assignments/');
  const id = (list.json as { id: number; name: string }[]).find((a) => a.name === ASSIGNMENT)?.id ?? 0;
  expect(id).toBeGreaterThan(0);
  return id;
}

/** Nothing sticks out sideways (the page scrolls only down). */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** Picks a point on a standard's segmented control of one example. */
async function pick(page: Page, example: number, standard: number, point: number) {
  const card = page.getByTestId(`calibration-example-${example}`);
  const group = card.getByRole('radiogroup', { name: `${standard + 1}. ${STANDARDS[standard]}` });
  await group.getByText(String(point), { exact: true }).click();
}

for (const [viewport, lang, email] of [
  [WIDE, 'ko', 'student03@example.com'],
  [PHONE, 'en', 'student07@example.com'],
] as const) {
  test(`a learner calibrates on the examples, then reaches the reviews (${lang}, ${viewport.width} px)`, async ({
    browser,
  }) => {
    const t = (key: string, params: Record<string, string | number> = {}) => text(lang, key, params);
    const me = await signIn(browser, email, viewport, lang);
    const aid = await assignmentId(me);
    await me.goto(`${COURSE}/learner/assignments/${aid}/performances/PE`);
    const calibration = me.getByTestId('calibration');
    await expect(calibration).toBeVisible({ timeout: 30_000 });
    await expect(calibration.getByRole('heading', { name: t('calibration.title') })).toBeVisible();
    // The reviews wait for calibration.
    await expect(me.getByTestId('peer-review-list')).toHaveCount(0);
    await expect(calibration).toContainText(t('calibration.reviewsAfter'));

    // Submitting with a standard unscored is refused in the page.
    await pick(me, 0, 0, 5);
    await me.getByTestId('calibration-submit-0').click();
    await expect(me.getByTestId('calibration-example-0').getByRole('alert')).toHaveText(
      t('calibration.scoreEvery'),
    );
    await pick(me, 0, 1, 2);
    await shot(me, `calibration-scoring-${lang}-${viewport.width}`);
    await me.getByTestId('calibration-submit-0').click();
    // The instructor's points and explanation beside the learner's: 5/2 against 4/2 →
    // closeness 1 − (1/6 + 0)/2 = 92 %.
    const compare = me.getByTestId('calibration-compare-0-0');
    await expect(compare).toContainText(t('calibration.yours', { point: 5, max: 6 }));
    await expect(compare).toContainText(t('calibration.instructors', { point: 4, max: 6 }));
    await expect(compare).toContainText('"좋은 글"로 주장을 넓혀');
    await expect(me.getByTestId('calibration-example-closeness-0')).toHaveText(
      t('calibration.closeness', { closeness: '92%' }),
    );

    await pick(me, 1, 0, 6);
    await pick(me, 1, 1, 5);
    await me.getByTestId('calibration-submit-1').click();
    await expect(me.getByTestId('calibration-compare-1-1')).toContainText(
      t('calibration.instructors', { point: 5, max: 6 }),
    );
    // Overall: (92 % + 100 %) / 2 ≈ 96 %.
    await expect(me.getByTestId('calibration-closeness')).toHaveText(
      t('calibration.overall', { closeness: '96%' }),
    );
    await expectNoSideways(me);
    await shot(me, `calibration-compared-${lang}-${viewport.width}`);

    await me.getByTestId('calibration-continue').click();
    await expect(me.getByTestId('peer-review-list')).toBeVisible();
    await expect(me.getByTestId('calibration-summary')).toContainText('96%');
    // After a reload the reviews come straight away, the summary above them.
    await me.reload();
    await expect(me.getByTestId('peer-review-list')).toBeVisible({ timeout: 30_000 });
    await expect(me.getByTestId('calibration')).toHaveCount(0);
    await shot(me, `calibration-reviews-${lang}-${viewport.width}`);

    // The instructor's score page shows the learner's closeness.
    const prof = await signIn(browser, 'prof@example.com', viewport, lang);
    await prof.goto(`${COURSE}/instructor/assignments/${aid}/score`);
    const card = prof.getByTestId('calibration-card');
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('96%');
    await shot(prof, `calibration-score-${lang}-${viewport.width}`);
    await prof.context().close();
    await me.context().close();
  });
}

test('the instructor sets a calibration example in the assignment editor', async ({ browser }) => {
  const t = (key: string, params: Record<string, string | number> = {}) => text('ko', key, params);
  const prof = await signIn(browser, 'prof@example.com', WIDE, 'ko');
  await prof.goto(`${COURSE}/instructor/assignments/new`);
  const name = `E2E 보정 과제 ${Date.now() % 100000}`;
  await prof.getByLabel(t('assignments.form.name')).fill(name);
  await prof.getByLabel(t('assignments.form.description')).fill('예시 글로 보정합니다.');
  await prof.getByTestId('standard-0').fill('주장이 분명한가?');
  await prof.getByTestId('calibration-add').click();
  await prof.getByTestId('calibration-edit-0-text').fill('교수자가 쓴 예시 글입니다.');
  await prof.getByTestId('calibration-edit-0-explanation-0').fill('주장이 첫 문장에 있습니다.');
  // Without the instructor's point the form says so and sends nothing.
  await prof.getByTestId('assignment-submit').click();
  await expect(prof.getByTestId('calibration-edit-0')).toContainText(t('validation.calibration_point'));
  await expect(prof).toHaveURL(/\/assignments\/new$/);
  await prof.getByTestId('calibration-edit-0-point-0').fill('5');
  await shot(prof, 'calibration-editor-ko-1440');
  await prof.getByTestId('assignment-submit').click();
  await expect(toast(prof, t('assignments.form.created'))).toBeVisible();
  await expect(prof).toHaveURL(/\/courses\/1\/instructor\/assignments\/\d+$/);
  const id = Number(prof.url().split('/').pop());
  const stored = await api(prof, 'GET', `/courses/1/assignments/${id}/`);
  const peer = (stored.json.progresses as { model: string; stage_object: Record<string, unknown> }[]).find(
    (p) => p.model === 'peerreview',
  );
  expect(peer?.stage_object.calibration).toEqual([
    {
      title: '',
      text: '교수자가 쓴 예시 글입니다.',
      points: [5],
      explanations: ['주장이 첫 문장에 있습니다.'],
    },
  ]);
  // Remove the assignment again (the course's assignment count stays the demo's).
  expect((await api(prof, 'DELETE', `/courses/1/assignments/${id}/`)).status).toBe(204);
  await prof.context().close();
});

test('editing an assignment with essays in, the instructor copies one into an example, without its author (en, 390 px)', async ({
  browser,
}) => {
  const t = (key: string, params: Record<string, string | number> = {}) => text('en', key, params);
  const prof = await signIn(browser, 'prof@example.com', PHONE, 'en');
  // The demo's running assignment (2차 과제): essays written, peer review not yet started.
  const essays = await api(prof, 'GET', '/courses/1/assignments/2/calibration/essays/');
  expect(essays.status).toBe(200);
  const first = (essays.json.results as { number: number; text: string }[])[0];
  expect(first?.number).toBe(1);
  expect(Object.keys(first ?? {}).sort()).toEqual(['number', 'text']);
  await prof.goto(`${COURSE}/instructor/assignments/2/edit`);
  await prof.getByTestId('calibration-add').click();
  await prof.getByTestId('calibration-edit-0-from-essay').click();
  await prof
    .getByRole('option', { name: new RegExp(`^${t('calibration.editorEssayOption', { n: 1, start: '' })}`) })
    .click();
  await expect(prof.getByTestId('calibration-edit-0-text')).toHaveValue(first?.text ?? '');
  await shot(prof, 'calibration-from-essay-en-390');
  // Nothing saved: the demo's assignment keeps no example.
  await prof.context().close();
});
