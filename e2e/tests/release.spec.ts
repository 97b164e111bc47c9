import { type Browser, expect, type Page, test } from '@playwright/test';
import { type Lang, signIn as signInAs, text } from './support';

// Issue 33, release when ready and rubric reliability: the demo's second completed assignment
// ("예비 과제") holds its scores. The instructor's score page rates each rubric standard in a
// sentence and offers the release (opened and cancelled here: other specs read the demo as
// seeded; the release itself is proven by release-scores.test.ts); a learner reads that the
// scores will be released. Korean at 1440 and 390 px, English on a phone.

const t = (key: string, params: Record<string, string | number> = {}, lang: Lang = 'ko') =>
  text(lang, key, params);

const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const signIn = (browser: Browser, email: string, width: number, lang: Lang) =>
  signInAs(browser, email, { viewport: { width, height: 900 }, lang });

const HELD = 6; // the demo's "예비 과제: 짧은 비평문", complete with its scores held
const STANDARDS = ['주장이 분명하고 일관되게 드러나는가?', '근거가 충분하고 적절한가?'];

/** Nothing sticks out sideways (the page scrolls only down). */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

for (const [width, lang] of [
  [1440, 'ko'],
  [390, 'ko'],
  [390, 'en'],
] as const) {
  test(`the score page rates the rubric and offers the release (${lang}, ${width} px)`, async ({
    browser,
  }) => {
    const prof = await signIn(browser, 'prof@example.com', width, lang);
    await prof.goto(`/courses/1/instructor/assignments/${HELD}/score`);
    await expect(prof.getByTestId('score-page')).toBeVisible();
    const card = prof.getByTestId('reliability');
    await expect(card.getByRole('heading')).toHaveText(t('score.reliability.title', {}, lang));
    const sentences = card.getByTestId('reliability-sentence');
    await expect(sentences).toHaveCount(STANDARDS.length);
    // Each sentence names its standard in words and gives α (or says why it cannot).
    for (const [i, standard] of STANDARDS.entries()) {
      await expect(sentences.nth(i)).toContainText(`‘${standard}’`);
      await expect(sentences.nth(i)).toContainText(/α = -?\d\.\d\d/);
    }
    // The level is said in words beside the colour.
    const levels = ['levelGood', 'levelFair', 'levelPoor', 'levelUnknown'].map((k) =>
      t(`score.reliability.${k}`, {}, lang),
    );
    for (const item of await card.locator('li').all())
      expect(levels).toContain((await item.locator('.mantine-Badge-label').textContent())?.trim());

    const pending = prof.getByTestId('release-pending');
    await expect(pending).toContainText(t('score.release.pending', {}, lang));
    await prof.getByTestId('release-scores').click();
    const dialog = prof.getByRole('dialog', { name: t('score.release.confirmTitle', {}, lang) });
    await expect(dialog).toContainText(t('score.release.confirm', {}, lang));
    await expectNoSideways(prof);
    await shot(prof, `release-score-page-${lang}-${width}`);
    await dialog.getByRole('button', { name: t('score.release.cancel', {}, lang) }).click();
    await expect(dialog).toBeHidden();
    await expect(pending).toBeVisible();

    // Disagreement triage: a flagged essay says so in words; one click compares its reviews side
    // by side, the standards they disagree on marked, and opens the adjustment of one review.
    const flag = prof.getByTestId('disagreement-flag').first();
    await expect(flag).toHaveText(`⚠ ${t('score.disagreeFlag', {}, lang)}`);
    await flag.click();
    const compare = prof.getByRole('dialog');
    await expect(compare.getByTestId('side-by-side-table')).toBeVisible();
    await expect(compare.locator('tr[data-flagged="true"]').first()).toContainText(
      t('score.sideBySide.flagged', {}, lang),
    );
    await expectNoSideways(prof);
    await shot(prof, `triage-${lang}-${width}`);
    await compare.getByRole('button', { name: t('score.sideBySide.adjust', { n: 1 }, lang) }).click();
    await expect(prof.getByTestId('adjust-modal')).toBeVisible();
    await prof.keyboard.press('Escape');
    await expect(prof.getByTestId('adjust-modal')).toBeHidden();
    await prof.context().close();
  });

  test(`a learner reads that the scores will be released (${lang}, ${width} px)`, async ({ browser }) => {
    // student17: no other spec signs in as them (account.spec changes student05's password).
    const me = await signIn(browser, 'student17@example.com', width, lang);
    await me.goto(`/courses/1/learner/assignments/${HELD}/performances/CO`);
    await expect(me.getByTestId('scores-held')).toHaveText(t('report.scoresHeld', {}, lang));
    await expect(me.getByTestId('report-view')).toHaveCount(0);
    await expectNoSideways(me);
    await shot(me, `release-learner-${lang}-${width}`);
    // The course page's card says so too, in words.
    await me.goto('/courses/1/learner');
    if (width < 800) await me.getByRole('tab', { name: t('courses.tabs.assignments', {}, lang) }).click();
    const badge = me.getByTestId(`assignment-card-${HELD}`).getByTestId('assignment-status');
    await expect(badge).toHaveText(t('assignments.status.scoresHeld', {}, lang));
    await me.context().close();
  });
}
