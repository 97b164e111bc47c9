import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type Lang, PHONE, signIn as signInAs, t, WIDE } from './support';

// Issue 36, items 3, 7 and 8: the objection ruling shows the disputed review and accepts with its
// points (the learner sees what changed); adjusted cells are marked and the adjustment modal shows
// the reviewer's comments and which totals will move before saving; the revision dialog says what
// "initialise" restores. Screenshots of each modal at 1440 px in Korean and 390 px in English.

const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
/** A demo account signed in at `viewport`, in `lang`. */
const signIn = (browser: Browser, email: string, viewport = WIDE, lang: Lang = 'ko'): Promise<Page> =>
  signInAs(browser, email, { viewport, lang });
/** The phone's "optimised for PC" toast, closed so that it does not cover the modal's title. */
async function closePhoneNotice(page: Page, lang: Lang) {
  const notice = page.getByRole('alert').filter({ hasText: t('mobile.pcOptimised', {}, lang) });
  await notice.getByRole('button').click();
  await expect(notice).toHaveCount(0);
}
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const pointInput = (modal: Locator, standard: number) =>
  modal.getByTestId(`review-standard-${standard}`).getByRole('textbox');

const COMPLETE = 4; // the demo's completed assignment
const FEEDBACK = 5; // the demo's feedback assignment, with student08's objection waiting

test('adjusted cells are marked; the adjustment modal shows the comments and the totals that will move before saving', async ({
  browser,
}) => {
  for (const [lang, viewport] of [
    ['en', PHONE],
    ['ko', WIDE],
  ] as const) {
    const prof = await signIn(browser, 'prof@example.com', viewport, lang);
    await prof.goto(`/courses/1/instructor/assignments/${COMPLETE}/score`);
    if (viewport === PHONE) await closePhoneNotice(prof, lang);
    const table = prof.getByTestId('score-table');
    await expect(table.locator('tbody tr')).toHaveCount(30);
    // The demo's adjusted review (and any adjusted by an earlier test) is marked.
    const marked = table.locator('[data-adjusted="true"]');
    const already = await marked.count();
    expect(already).toBeGreaterThan(0);
    await expect(marked.first()).toContainText('✎');
    await expect(marked.first()).toHaveAttribute('title', /.+/);
    await expect(prof.getByText(t('score.adjustedLegend', {}, lang))).toBeVisible();
    if (lang === 'ko') await shot(prof, 'score-adjusted-cell-ko-1440');

    const row = table.locator('tbody tr').nth(2);
    await row.locator('[data-adjusted="false"]').first().getByRole('button').click();
    const modal = prof.getByTestId('adjust-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('reviewer-comment').first()).not.toBeEmpty();
    // The review coach (issue 34, item 2): how many of this reviewer's comments met its bar, and
    // its remarks under each comment.
    const coachText = t('review.coach.met', { met: '§', total: '¶' }, lang)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('§', '\\d+')
      .replace('¶', '\\d+');
    await expect(modal.getByTestId('reviewer-coach')).toHaveText(new RegExp(`^${coachText}$`));
    await expect(modal.getByTestId('comment-coach').first()).toBeVisible();
    await expect(modal.getByTestId('moved-none')).toBeVisible();
    await expect(modal.getByTestId('moved-totals')).toHaveAttribute('data-busy', 'false');
    // A change lists every total that moves, with names, before anything is saved.
    await pointInput(modal, 0).fill('0');
    await pointInput(modal, 1).fill('0');
    const list = modal.getByTestId('moved-list');
    await expect(modal.getByTestId('moved-totals')).toHaveAttribute('data-busy', 'false');
    await expect(list).toBeVisible();
    await expect(list.locator('tr').first()).toContainText('→');
    await shot(prof, `adjust-modal-${lang}-${viewport.width}`);
    if (lang === 'en') {
      await prof.context().close();
      continue;
    }
    const first = list.locator('tr').first();
    const name = ((await first.locator('td').nth(0).textContent()) ?? '').trim();
    const after = Number(((await first.locator('td').nth(1).textContent()) ?? '').split('→')[1]);
    await modal.getByLabel(t('score.reason')).fill('근거와 맞지 않는 점수라 조정합니다.');
    await modal.getByRole('button', { name: t('score.save') }).click();
    await expect(toast(prof, t('score.adjusted'))).toBeVisible();
    await expect(table.locator('[data-adjusted="true"]')).toHaveCount(already + 1);
    // The total moved as the preview said.
    const moved = table
      .locator('tbody tr')
      .filter({ has: prof.getByRole('rowheader', { name, exact: true }) });
    await expect(moved.locator('td').first()).toHaveText(String(after));
    await prof.context().close();
  }
});

test('the revision dialog says what initialise restores, and initialise removes the score', async ({
  browser,
}) => {
  const en = await signIn(browser, 'prof@example.com', PHONE, 'en');
  await en.goto(`/courses/1/instructor/assignments/${COMPLETE}/score`);
  await closePhoneNotice(en, 'en');
  const reCell = (page: Page) =>
    page
      .getByTestId('score-table')
      .locator('tbody tr')
      .first()
      .getByTestId('revision-cell')
      .getByRole('button');
  await reCell(en).click();
  await expect(en.getByTestId('initialise-help')).toHaveText(t('score.revisionInitialiseHelp', {}, 'en'));
  await expect(en.getByRole('button', { name: t('score.revisionInitialise', {}, 'en') })).toBeVisible();
  await shot(en, 'revision-modal-en-390');
  await en.context().close();

  const prof = await signIn(browser, 'prof@example.com');
  await prof.goto(`/courses/1/instructor/assignments/${COMPLETE}/score`);
  // One learner on the page, whatever the order of the totals after a change.
  const first = prof.getByTestId('score-table').locator('tbody tr').first().getByRole('rowheader');
  await prof.getByTestId('score-search').fill(((await first.textContent()) ?? '').trim());
  await expect(prof.getByTestId('score-table').locator('tbody tr')).toHaveCount(1);
  await reCell(prof).click();
  const modal = prof.getByTestId('revision-modal');
  await expect(modal.getByTestId('initialise-help')).toHaveText(t('score.revisionInitialiseHelp'));
  await shot(prof, 'revision-modal-ko-1440');
  // A mistyped score, then initialise: no score at all.
  await modal.getByRole('textbox').fill('3.3');
  await modal.getByRole('button', { name: t('score.save') }).click();
  await expect(toast(prof, t('score.revisionSaved'))).toBeVisible();
  await expect(reCell(prof)).toHaveText('3.3');
  await reCell(prof).click();
  await prof.getByRole('button', { name: t('score.revisionInitialise') }).click();
  await expect(toast(prof, t('score.revisionInitialised'))).toBeVisible();
  await expect(reCell(prof)).toHaveText('0');
});

test('the ruling dialog shows the disputed review; accepting sets its points and the learner sees what changed', async ({
  browser,
}) => {
  // English on a phone: the review is there to read.
  const en = await signIn(browser, 'prof@example.com', PHONE, 'en');
  await en.goto(`/courses/1/instructor/assignments/${FEEDBACK}/score`);
  await closePhoneNotice(en, 'en');
  await en.getByTestId('pending-objections').getByRole('button').click();
  const enModal = en.getByTestId('ruling-modal');
  await expect(enModal.getByTestId('disputed-review')).toContainText(t('labels.reviewer', { n: 1 }, 'en'));
  await expect(enModal.getByTestId('reviewer-comment').first()).not.toBeEmpty();
  await shot(en, 'ruling-modal-en-390');
  await en.context().close();

  const prof = await signIn(browser, 'prof@example.com');
  await prof.goto(`/courses/1/instructor/assignments/${FEEDBACK}/score`);
  const waiting = prof.getByTestId('pending-objections');
  await expect(waiting.getByRole('button')).toHaveCount(1);
  await waiting.getByRole('button').click();
  const modal = prof.getByTestId('ruling-modal');
  await expect(modal.getByTestId('objection-text')).toContainText('두 번째 기준의 점수가');
  await expect(modal.getByTestId('disputed-review')).toContainText(t('labels.reviewer', { n: 1 }));
  await expect(modal.locator('[data-testid^="review-standard-"]')).toHaveCount(2);
  await expect(modal.getByTestId('reviewer-comment').first()).not.toBeEmpty();
  await modal.getByLabel(t('score.rulingReason')).fill('본문의 근거를 다시 확인했고, 점수를 올리겠습니다.');
  // Accepting needs a changed point; rejecting does not.
  const accept = modal.getByTestId('accept-objection');
  await expect(accept).toBeDisabled();
  await expect(modal.getByRole('button', { name: t('score.reject') })).toBeEnabled();
  const second = pointInput(modal, 1);
  const given = Number(await second.inputValue());
  const changed = given === 0 ? 1 : given - 1;
  await second.fill(String(changed));
  await expect(accept).toBeEnabled();
  await expect(modal.getByTestId('moved-totals')).toHaveAttribute('data-busy', 'false');
  await expect(modal.getByTestId('moved-list')).toBeVisible();
  await shot(prof, 'ruling-modal-ko-1440');
  await accept.click();
  await expect(toast(prof, t('score.ruled'))).toBeVisible();
  await expect(waiting.getByRole('button')).toHaveCount(0);

  // The learner sees the ruling with the points before → after.
  const me = await signIn(browser, 'student08@example.com');
  await me.goto(`/courses/1/learner/assignments/${FEEDBACK}/performances/FE`);
  const change = me.getByTestId('ruling-change-1');
  await expect(change).toContainText(`${given} → ${changed}`);
  await shot(me, 'ruling-learner-ko-1440');
});
