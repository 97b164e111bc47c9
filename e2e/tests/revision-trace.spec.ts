import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  api,
  COURSE,
  enrol,
  fourStages,
  type Lang,
  newCourse,
  PHONE,
  shot,
  signIn as signInAs,
  t,
  toast,
  WIDE,
} from './support';

// Issue 34, item 4: feedback traced into the revision. The demo's feedback assignment shows the
// comments received beside the revision; in a course of its own, a learner marks each comment
// used, partly used or not used (a reason required), the instructor sees the trace and the
// suggested score in the revision score dialog and initialise restores it, and the learner's
// report shows the trace. Korean and English, 1440 and 390 px.

const SHOTS = process.env.E2E_SHOTS;
/** A dialog is shot as the screen shows it (a full-page shot resizes the page under an open dialog). */
const shotScreen = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
const signIn = (browser: Browser, email: string, viewport: typeof WIDE, lang: Lang) =>
  signInAs(browser, email, { viewport, lang });

const FEEDBACK = 5; // the demo's feedback assignment, its revision open

/** Nothing sticks out sideways (the page scrolls only down). */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

async function closePhoneNotice(page: Page, lang: Lang) {
  const notice = page.getByRole('alert').filter({ hasText: t('mobile.pcOptimised', {}, lang) });
  if (await notice.count()) await notice.getByRole('button').click();
}

for (const [viewport, lang] of [
  [WIDE, 'ko'],
  [PHONE, 'en'],
] as const) {
  test(`the demo's revision shows the comments received to trace (${lang}, ${viewport.width} px)`, async ({
    browser,
  }) => {
    const me = await signIn(browser, 'student10@example.com', viewport, lang);
    await me.goto(`${COURSE}/learner/assignments/${FEEDBACK}/performances/FE`);
    // The revision (and its trace) loads after the feedback cards: give a cold server time.
    const panel = me.getByTestId('trace-panel');
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('heading', { name: t('trace.title', {}, lang) })).toBeVisible();
    const items = panel.getByTestId('trace-item');
    // Two reviewers per essay, two standards each.
    await expect(items).toHaveCount(4);
    await expect(items.first()).toContainText(t('trace.reviewer', { n: 1 }, lang));
    await expect(panel.getByTestId('trace-summary')).toContainText('4');
    await expectNoSideways(me);
    await shot(me, `trace-demo-${lang}-${viewport.width}`);
    await me.context().close();
  });
}

test('a learner traces the comments into the revision; the instructor sees it and the suggested score; the report shows it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A course of its own: three learners review each other (two reviewers, two standards).
  const prof = await signIn(browser, 'prof@example.com', WIDE, 'ko');
  const { cid, code } = await newCourse(
    prof,
    `피드백 반영 ${Date.now() % 100000}`,
    '받은 의견을 퇴고에 반영합니다.',
  );
  const emails = ['student27@example.com', 'student28@example.com', 'student19@example.com'];
  const learners: Page[] = [];
  for (const [i, email] of emails.entries()) {
    const page = await signIn(browser, email, i === 1 ? PHONE : WIDE, i === 1 ? 'en' : 'ko');
    await enrol(page, `TRACE-${i}`, code);
    learners.push(page);
  }
  const created = await api(prof, 'POST', `/courses/${cid}/assignments/`, undefined, {
    name: '피드백 반영 과제',
    description: '받은 의견을 반영해 고쳐 씁니다.',
    is_directly_starting: 'true',
    progresses: fourStages(2, [
      { question: '주장이 분명한가?', max_point: 4 },
      { question: '근거가 충분한가?', max_point: 4 },
    ]),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const aid = created.json.id as number;
  const base = `/courses/${cid}/assignments/${aid}`;
  const workOf = async (page: Page, model: string) =>
    (
      (await api(page, 'GET', `${base}/`)).json.progresses as { model: string; performance_id: number }[]
    ).find((p) => p.model === model)?.performance_id as number;
  for (const [i, page] of learners.entries()) {
    const saved = await api(page, 'PATCH', `${base}/performances/${await workOf(page, 'essaywriting')}/`, {
      stage_object: { content: { ops: [{ insert: `학습자 ${i + 1}의 첫 글입니다.\n` }] } },
    });
    expect(saved.status).toBe(200);
  }
  const move = async () =>
    expect((await api(prof, 'PATCH', `${base}/move-to-next-stage/`, {})).status).toBe(200);
  await move(); // peer review
  for (const [i, page] of learners.entries()) {
    const work = (await api(page, 'GET', `${base}/performances/${await workOf(page, 'peerreview')}/`)).json;
    for (const target of work.stage_object.targets as { id: number; is_self_review: boolean }[]) {
      if (target.is_self_review) continue;
      const saved = await api(page, 'PATCH', `${base}/performances/peerreview-matching/${target.id}/`, {
        responses: [
          { id: 0, point: 3, comment: `주장을 첫 문단에서 밝혀 주세요 (${i + 1}).` },
          { id: 1, point: 2, comment: `근거로 든 예가 하나뿐입니다 (${i + 1}).` },
        ],
      });
      expect(saved.status).toBe(200);
    }
  }
  await move(); // feedback review and revision

  // Korean, 1440 px: the comments beside the editor; each marked; "not used" asks for a reason.
  const me = learners[0] as Page;
  await me.goto(`/courses/${cid}/learner/assignments/${aid}/performances/FE`);
  const panel = me.getByTestId('trace-panel');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const items = panel.getByTestId('trace-item');
  await expect(items).toHaveCount(4);
  // Beside the editor on a wide screen.
  const editorBox = await me.getByTestId('editor-frame').boundingBox();
  const panelBox = await panel.boundingBox();
  expect(panelBox && editorBox && panelBox.x > editorBox.x + editorBox.width - 1).toBe(true);
  // Never a reviewer's name.
  const names = (
    (await api(prof, 'GET', `/courses/${cid}/learners/`)).json as { user: { name: string } }[]
  ).map((r) => r.user.name);
  for (const name of names) await expect(panel).not.toContainText(name);

  await items
    .nth(0)
    .getByRole('radio', { name: t('trace.used'), exact: true })
    .check();
  await expect(toast(me, t('trace.saved'))).toBeVisible();
  await expect(items.nth(0).getByTestId('trace-status')).toHaveText(t('trace.used'));
  // By keyboard: focus the second comment's first choice and move with the arrows.
  await items
    .nth(1)
    .getByRole('radio', { name: t('trace.used'), exact: true })
    .focus();
  await me.keyboard.press('ArrowRight');
  await expect(items.nth(1).getByTestId('trace-status')).toHaveText(t('trace.partly_used'));
  await items
    .nth(2)
    .getByRole('radio', { name: t('trace.not_used'), exact: true })
    .check();
  await items
    .nth(2)
    .getByRole('button', { name: t('trace.saveReason') })
    .click();
  await expect(items.nth(2)).toContainText(t('trace.reasonRequired'));
  await expect(items.nth(2).getByTestId('trace-status')).toHaveText(t('trace.unmarked'));
  await items.nth(2).getByTestId('trace-reason-input').fill('예를 더 들면 글자 수를 넘습니다.');
  await items
    .nth(2)
    .getByRole('button', { name: t('trace.saveReason') })
    .click();
  await expect(items.nth(2).getByTestId('trace-status')).toHaveText(t('trace.not_used'));
  await expect(panel.getByTestId('trace-summary')).toHaveText(
    t('trace.summary', { used: 1, partly: 1, notUsed: 1, unmarked: 1, total: 4 }),
  );
  // The revision itself.
  const editor = me.locator('[data-testid="essay-editor"] .ql-editor');
  await editor.click();
  await me.keyboard.press('Control+End');
  await me.keyboard.type(' 주장을 첫 문단으로 옮겼습니다.');
  await me.getByTestId('save-work').click();
  await expect(toast(me, t('work.revisionSaved'))).toBeVisible();
  await shot(me, 'trace-revision-ko-1440');

  // English, 390 px: below the editor, nothing sideways.
  const phone = learners[1] as Page;
  await phone.goto(`/courses/${cid}/learner/assignments/${aid}/performances/FE`);
  const phonePanel = phone.getByTestId('trace-panel');
  await expect(phonePanel.getByRole('heading', { name: t('trace.title', {}, 'en') })).toBeVisible();
  await phonePanel
    .getByTestId('trace-item')
    .first()
    .getByRole('radio', { name: t('trace.partly_used', {}, 'en'), exact: true })
    .check();
  await expect(toast(phone, t('trace.saved', {}, 'en'))).toBeVisible();
  await expectNoSideways(phone);
  await shot(phone, 'trace-revision-en-390');

  // The instructor completes the assignment and scores the revision: the trace and the suggestion.
  await move();
  const myName = ((await api(me, 'GET', '/users/profile/')).json as { name: string }).name;
  await prof.goto(`/courses/${cid}/instructor/assignments/${aid}/score`);
  await prof.getByTestId('score-search').fill(myName);
  const row = prof.getByTestId('score-table').locator('tbody tr');
  await expect(row).toHaveCount(1);
  const reCell = row.getByTestId('revision-cell').getByRole('button');
  await reCell.click();
  const modal = prof.getByTestId('revision-modal');
  // (1 + 0.5 + 0.25 + 0) / 4 × 10 = 4.375 → 4.4
  await expect(modal.getByTestId('trace-suggested')).toHaveText(
    t('trace.suggested', { score: 4.4, max: 10 }),
  );
  await expect(modal.getByTestId('trace-item')).toHaveCount(4);
  await expect(modal).toContainText('예를 더 들면 글자 수를 넘습니다.');
  await shotScreen(prof, 'trace-score-modal-ko-1440');
  await modal.getByRole('textbox').fill('9');
  await modal.getByRole('button', { name: t('score.save') }).click();
  await expect(toast(prof, t('score.revisionSaved'))).toBeVisible();
  await expect(reCell).toHaveText('9');
  await reCell.click();
  await prof.getByRole('button', { name: t('score.revisionInitialise') }).click();
  await expect(toast(prof, t('score.revisionInitialised'))).toBeVisible();
  await expect(reCell).toHaveText('4.4');

  // The instructor on a phone, in English: the dialog with the trace.
  const profPhone = await signIn(browser, 'prof@example.com', PHONE, 'en');
  await profPhone.goto(`/courses/${cid}/instructor/assignments/${aid}/score`);
  await closePhoneNotice(profPhone, 'en');
  await profPhone.getByTestId('score-search').fill(myName);
  await profPhone
    .getByTestId('score-table')
    .locator('tbody tr')
    .getByTestId('revision-cell')
    .getByRole('button')
    .click();
  await expect(profPhone.getByTestId('trace-suggested')).toHaveText(
    t('trace.suggested', { score: 4.4, max: 10 }, 'en'),
  );
  await shotScreen(profPhone, 'trace-score-modal-en-390');

  // The learner's report shows their own trace, never a suggestion.
  await me.goto(`/courses/${cid}/learner/assignments/${aid}/performances/CO`);
  const traced = me.getByTestId('report-trace');
  await expect(traced).toBeVisible();
  await expect(traced.getByTestId('trace-item')).toHaveCount(4);
  await expect(traced).toContainText('예를 더 들면 글자 수를 넘습니다.');
  await expect(me.getByTestId('trace-suggested')).toHaveCount(0);
  await shot(me, 'trace-report-ko-1440');
});
