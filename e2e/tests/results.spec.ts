import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, expectCanvas, shot, signIn, t, toast } from './support';

// Issue 15: the instructor finds the course results from the course page, changes the weights
// and sees the converted scores change, exports the table and opens it as a spreadsheet; a
// learner finds their own score from the course page, on a phone in English.

test('the instructor changes the weights, sees the converted scores follow and exports the results', async ({
  browser,
}) => {
  const prof = await signIn(browser, 'prof@example.com');
  await prof.goto('/courses/1/instructor');
  await prof.getByTestId('course-results-link').click();
  await expect(prof).toHaveURL(/\/courses\/1\/instructor\/results$/);
  const chart = prof.getByTestId('results-chart');
  await expectCanvas(chart);
  const table = prof.getByTestId('results-table');
  await expect(table.locator('[data-testid^="results-row-"]')).toHaveCount(30);
  // One bar per assignment, each the class average of the chosen score (to one decimal); choosing
  // another score redraws the chart with its averages.
  const byLearner = (await api(prof, 'GET', '/courses/1/scores-by-learner/')).json;
  const averages = (key: string) =>
    byLearner.assignments.map((a: { all_score: Record<string, number> }) =>
      String(Math.round((a.all_score[key] ?? 0) * 10) / 10),
    );
  const bars = chart.locator('tbody td');
  await expect(bars).toHaveText(averages('total'));
  await chart.getByRole('radio', { name: t('results.keys.essay_writing_score') }).check();
  await expect(bars).toHaveText(averages('essay_writing_score'));
  await expect(chart.getByRole('figure')).toHaveAccessibleName(
    t('results.chartAria', { score: t('results.keys.essay_writing_score') }),
  );
  await expectCanvas(chart);
  await chart.getByRole('radio', { name: t('results.keys.total') }).check();
  await shot(prof, 'results-wide-ko');

  // The demo weighs the two completed assignments 40 / 60.
  const form = prof.getByTestId('weights-form');
  const inputs = form.getByRole('textbox');
  await expect(inputs).toHaveCount(2);
  await expect(inputs.nth(0)).toHaveValue('40');
  await expect(inputs.nth(1)).toHaveValue('60');
  const row = table.locator('[data-testid^="results-row-"]').first();
  const cells = row.locator('td');
  const first = Number(((await cells.nth(0).innerText()).split('\n')[0] ?? '').trim());
  const second = Number(((await cells.nth(1).innerText()).split('\n')[0] ?? '').trim());
  const conversion = row.locator('td').last();
  await expect(conversion).toHaveText(String(Math.round((0.4 * first + 0.6 * second) * 10) / 10));

  // Over 100: the total turns into a warning and nothing is sent.
  await inputs.nth(0).fill('50');
  await expect(form.getByTestId('weights-total')).toHaveText(t('results.weightsTotal', { total: 110 }));
  await expect(form.getByTestId('weights-over')).toBeVisible();
  await form.getByRole('button', { name: t('results.weightsSave') }).click();
  await expect(toast(prof, t('results.weightsOver', { total: 110 }))).toBeVisible();
  // All on the second assignment: the converted score is that assignment's total.
  await inputs.nth(0).fill('0');
  await inputs.nth(1).fill('100');
  await expect(form.getByTestId('weights-over')).toHaveCount(0);
  await form.getByRole('button', { name: t('results.weightsSave') }).click();
  await expect(toast(prof, t('results.weightsSaved'))).toBeVisible();
  await expect(conversion).toHaveText(String(Math.round(second * 10) / 10));
  await prof.reload();
  await expect(prof.getByTestId('weights-form').getByRole('textbox').nth(1)).toHaveValue('100');

  // Export: a real workbook, one row per learner, the converted score in the last column.
  const download = prof.waitForEvent('download');
  await prof.getByTestId('results-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(toast(prof, t('results.exported'))).toBeVisible();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path()) as string);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  expect(sheet.name).toBe('과제 점수');
  expect(sheet.rowCount).toBe(31);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.at(-1)).toBe('환산 점수');

  // Put the demo's weights back for the other tests.
  const weights = prof.getByTestId('weights-form').getByRole('textbox');
  await weights.nth(0).fill('40');
  await weights.nth(1).fill('60');
  await prof
    .getByTestId('weights-form')
    .getByRole('button', { name: t('results.weightsSave') })
    .click();
  await expect(toast(prof, t('results.weightsSaved'))).toBeVisible();

  // A learner's name opens their personal score.
  const name = ((await row.getByRole('link').textContent()) ?? '').trim();
  await row.getByRole('link').click();
  await expect(prof).toHaveURL(/\/results\/enrolls\/\d+\/personal-score$/);
  await expect(prof.getByTestId('personal-score-title')).toHaveText(t('results.personalTitle', { name }));
  await expect(prof.getByTestId('personal-score-table').getByRole('rowheader')).toHaveCount(2);
});

test('a learner opens my score from the course page, on a phone in English, and goes on to a report', async ({
  browser,
}) => {
  const me = await signIn(browser, 'student03@example.com', {
    viewport: { width: 390, height: 844 },
    lang: 'en',
  });
  await me.goto('/courses/1/learner');
  await me.getByTestId('my-score-link').click();
  await expect(me).toHaveURL(/\/courses\/1\/learner\/my-score$/);
  await expect(me.getByTestId('personal-score-title')).toHaveText(t('results.myTitle', {}, 'en'));
  const rows = me.getByTestId('personal-score-table').getByRole('rowheader');
  // The demo's second completed assignment holds its scores for release: only the first shows.
  await expect(rows).toHaveCount(1);
  // The chart drawn; its first bar the learner's total on the table below it.
  const chart = me.getByTestId('personal-score-chart');
  await expectCanvas(chart);
  const total = (
    (await me.getByTestId('personal-score-table').locator('tbody td').first().textContent()) ?? ''
  )
    .split('/')[0]
    ?.trim();
  await expect(chart.locator('tbody tr').first().locator('td').first()).toHaveText(total ?? '');
  await shot(me, 'my-score-phone-en');
  await rows.first().getByRole('link').click();
  await expect(me.getByTestId('report-view')).toBeVisible();
  // Someone else's personal score is not theirs to open.
  await me.goto('/courses/1/learner/results/enrolls/1/personal-score');
  await expect(me).toHaveURL(/\/404$/);
});
