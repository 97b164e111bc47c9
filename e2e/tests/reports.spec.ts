import { expect, test } from '@playwright/test';
import { expectCanvas, shot, signIn, t } from './support';

// Issue 14 (first part): the learner's report on the completion tab, on a wide screen and a phone
// in English; the instructor opens a report from the management table and writes a comment.

const COMPLETE = 4; // the demo's completed assignment ("0차 과제")

test('a learner reads their report on the completion tab', async ({ browser }) => {
  const me = await signIn(browser, 'student03@example.com');
  await me.goto(`/courses/1/learner/assignments/${COMPLETE}/performances/CO`);
  const report = me.getByTestId('report-view');
  await expect(report).toBeVisible();
  await expect(me.getByTestId('report-total')).toContainText(t('report.total'));
  await expect(me.getByTestId('report-rank')).toContainText('30');
  await expect(me.getByTestId('report-scores').getByRole('rowheader')).toHaveCount(5);
  await expect(me.getByTestId('metacognition-sentence').first()).toBeVisible();
  // The radar drawn, with the five scores in its values table.
  await expectCanvas(me.getByTestId('report-radar'));
  await expect(me.getByTestId('report-radar').locator('tbody tr')).toHaveCount(5);
  // The reviews received, labelled, with their comments.
  await expect(me.getByTestId('report-received')).toContainText('평가자 1');
  // The others section: the essays this learner reviewed, by label, beside the others' mean.
  const others = me.getByTestId('report-others');
  await expect(others).toContainText(t('report.othersTitle'));
  await expect(others.getByRole('rowheader', { name: t('review.peer', { n: 1 }) })).toBeVisible();
  await expect(others.getByRole('columnheader', { name: t('report.othersAvg') })).toBeVisible();
  await expect(me.getByTestId('report-others-bias').first()).toBeVisible();
  // How the learner evaluated others: measured against the other reviewers in the demo class.
  await expect(me.getByTestId('evaluation-basis')).toContainText('%');
  await shot(me, 'report-wide-ko');
});

test('the report on a phone, in English', async ({ browser }) => {
  const me = await signIn(browser, 'student03@example.com', {
    viewport: { width: 390, height: 844 },
    lang: 'en',
  });
  await me.goto(`/courses/1/learner/assignments/${COMPLETE}/performances/CO`);
  await expect(me.getByTestId('report-total')).toContainText(t('report.total', {}, 'en'));
  await expect(me.getByTestId('report-scores')).toContainText(t('report.types.ES', {}, 'en'));
  await expect(me.getByTestId('report-others')).toContainText(t('report.othersTitle', {}, 'en'));
  await shot(me, 'report-phone-en');
});

// No demo assignment had one reviewer per essay, so the report's answer is changed on its way to
// the page: the sentences a learner reads when evaluation ability could not be measured.
for (const [lang, viewport] of [
  ['ko', { width: 1440, height: 900 }],
  ['en', { width: 390, height: 844 }],
] as const) {
  test(`the report says in words when evaluation ability could not be measured (${lang})`, async ({
    browser,
  }) => {
    const me = await signIn(browser, 'student03@example.com', { viewport, lang });
    await me.route(/\/api\/v1\/courses\/\d+\/assignments\/\d+\/reports\/\d+\/?$/, async (route) => {
      const answer = await route.fetch();
      const report = await answer.json();
      report.explanation.evaluation.accuracy_basis = 'neutral';
      report.is_average_peer_review_score = true;
      await route.fulfill({ response: answer, json: report });
    });
    await me.goto(`/courses/1/learner/assignments/${COMPLETE}/performances/CO`);
    await expect(me.getByTestId('evaluation-basis')).toHaveText(t('report.abilityNeutral', {}, lang));
    await expect(me.getByTestId('average-given-PE')).toContainText(t('report.neutralGiven', {}, lang));
    await shot(me, `report-neutral-${lang}`);
  });
}

test('the instructor opens a report from the management table and writes a comment the learner reads', async ({
  browser,
}) => {
  const prof = await signIn(browser, 'prof@example.com');
  await prof.goto(`/courses/1/instructor/assignments/${COMPLETE}`);
  const row = prof.locator('[data-testid^="progress-row-"]').filter({ hasText: '' }).nth(2);
  const link = row.getByRole('link').first();
  const name = (await link.textContent()) ?? '';
  await link.click();
  await expect(prof.getByTestId('report-view')).toBeVisible();
  await expect(prof.getByRole('heading', { level: 1 })).toContainText(name.trim());
  const comment = prof.getByTestId('report-comment').getByRole('textbox');
  await comment.fill('논지가 분명해졌습니다. 다음에는 반론도 다뤄 보세요.');
  await prof.getByRole('button', { name: t('report.saveComment') }).click();
  await expect(
    prof
      .getByRole('alert')
      .filter({ hasText: t('report.commentSaved') })
      .first(),
  ).toBeVisible();
  await shot(prof, 'report-instructor-ko');
});

test('the score page: histogram, raters with red marks, an adjustment with a reason changes the learner\u2019s total', async ({
  browser,
}) => {
  const prof = await signIn(browser, 'prof@example.com');
  await prof.goto(`/courses/1/instructor/assignments/${COMPLETE}/score`);
  await expect(prof.getByTestId('score-page')).toBeVisible();
  // The histogram drawn; its bands count the 30 learners (each band's count in its values table).
  const histogram = prof.getByTestId('score-histogram');
  await expectCanvas(histogram);
  await expect(histogram.locator('tbody tr')).toHaveCount(10);
  await expect(histogram.locator('tbody tr').first().locator('th')).toHaveText('0–9');
  const counts = (await histogram.locator('tbody td').allTextContents()).map(Number);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
  const table = prof.getByTestId('score-table');
  await expect(table.locator('tbody tr')).toHaveCount(30);
  await expect(prof.locator('[data-lowest="true"]').first()).toBeVisible();
  await shot(prof, 'score-wide-ko');
  const first = table.locator('tbody tr').first();
  const name = ((await first.getByRole('rowheader').textContent()) ?? '').trim();
  const cell = first.locator('[data-testid^="rater-cell-"]').first();
  const before = ((await first.locator('td').first().textContent()) ?? '').trim();
  const rowOf = () =>
    table.locator('tbody tr').filter({ has: prof.getByRole('rowheader', { name, exact: true }) });
  await cell.getByRole('button').click();
  const modal = prof.getByTestId('adjust-modal');
  await expect(modal).toBeVisible();
  const inputs = modal.getByRole('textbox');
  await inputs.nth(0).fill('0');
  await inputs.nth(1).fill('0');
  await modal.getByLabel(t('score.reason')).fill('근거 없는 점수라 조정합니다.');
  await modal.getByRole('button', { name: t('score.save') }).click();
  await expect(
    prof
      .getByRole('alert')
      .filter({ hasText: t('score.adjusted') })
      .first(),
  ).toBeVisible();
  await expect(rowOf().locator('td').first()).not.toHaveText(before);
});

test('the score page filters by name and by a least consistent rater; the instructor never sees the others section', async ({
  browser,
}) => {
  const prof = await signIn(browser, 'prof@example.com');
  await prof.goto(`/courses/1/instructor/assignments/${COMPLETE}/score`);
  const table = prof.getByTestId('score-table');
  await expect(table.locator('tbody tr')).toHaveCount(30);
  const name = ((await table.locator('tbody tr').nth(3).getByRole('rowheader').textContent()) ?? '').trim();
  await prof.getByTestId('score-search').fill(name);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByRole('rowheader')).toHaveText(name);
  await prof.getByTestId('score-search').fill('없는 이름');
  await expect(prof.getByTestId('score-no-match')).toBeVisible();
  await prof.getByTestId('score-search').fill('');
  await prof.getByTestId('score-filter').click();
  await prof.getByRole('option', { name: t('score.filterLowest') }).click();
  const kept = await table.locator('tbody tr').count();
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(30);
  for (let i = 0; i < kept; i++) {
    await expect(table.locator('tbody tr').nth(i).locator('[data-lowest="true"]').first()).toBeVisible();
  }
  await table.locator('tbody tr').first().getByRole('rowheader').getByRole('link').click();
  await expect(prof.getByTestId('report-view')).toBeVisible();
  await expect(prof.getByTestId('report-others')).toHaveCount(0);
});
