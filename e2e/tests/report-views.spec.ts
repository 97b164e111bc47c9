import { expect, type Locator, test } from '@playwright/test';
import { api, expectCanvas, shot, signIn, t } from './support';

// Issue 36, items 5 and 6: the charts' keys (visible swatches, in the order of the bars, marks
// that read without colour) on the report, my score and a personal score, in ko and en on a wide
// screen and a phone; the instructor's view of a report names the learner and links the reports
// of their reviewers and reviewees; attachments and the retrospective in the report.

const COMPLETE = 4; // the demo's completed assignment ("0차 과제"), with revisions and retrospectives

/** A chart key: its series in order, each swatch drawn at a visible size. */
async function expectKey(key: Locator, series: string[]) {
  await expect(key).toBeVisible();
  const items = key.locator('[data-series]');
  await expect(items).toHaveCount(series.length);
  expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-series')))).toEqual(series);
  for (let i = 0; i < series.length; i++) {
    const box = await items.nth(i).locator('svg').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(8);
    expect(box?.height ?? 0).toBeGreaterThan(8);
  }
}

/**
 * The key's order is the chart's order: the chart's values table (drawn from the same series, left
 * to right) names the series in the key's order, each with the mark the key shows.
 */
async function expectKeyFollowsBars(chart: Locator, key: Locator, series: string[]) {
  const heads = chart.locator('thead th[data-series]');
  expect(await heads.evaluateAll((els) => els.map((e) => e.getAttribute('data-series')))).toEqual(series);
  const labels = await key.locator('[data-series]').allTextContents();
  expect((await heads.allTextContents()).map((x) => x.trim())).toEqual(labels.map((x) => x.trim()));
}

const VIEWS = [
  ['ko', { width: 1440, height: 900 }],
  ['en', { width: 390, height: 844 }],
  ['en', { width: 1440, height: 900 }],
  ['ko', { width: 390, height: 844 }],
] as const;

for (const [lang, viewport] of VIEWS) {
  test(`chart keys: visible swatches in the bars' order, marks beside colour (${lang}, ${viewport.width}px)`, async ({
    browser,
  }) => {
    const tag = `${lang}-${viewport.width}`;
    const me = await signIn(browser, 'student03@example.com', { viewport, lang });
    await me.goto('/courses/1/learner/my-score');
    const key = me.getByTestId('personal-score-key');
    await expectKey(key, ['me', 'average']);
    await expect(key).toContainText(t('results.me', {}, lang));
    await expect(key).toContainText(t('results.classAverage', {}, lang));
    const chart = me.getByTestId('personal-score-chart');
    await expectCanvas(chart);
    await expectKeyFollowsBars(chart, key, ['me', 'average']);
    // The first bar's value is the learner's total on the page's table (released: the first
    // completed assignment only), the second the class average.
    const first = me.getByTestId('personal-score-table').locator('tbody tr').first();
    const total = ((await first.locator('td').nth(0).textContent()) ?? '').split('/')[0]?.trim() ?? '';
    const average = ((await first.locator('td').nth(1).textContent()) ?? '').trim();
    expect(total).toMatch(/^\d/);
    await expect(chart.locator('tbody tr').first().locator('td')).toHaveText([total, average]);
    // The class's bars are hatched, the learner's filled.
    await expect(chart.locator('th[data-series="average"]')).toHaveAttribute('data-mark', 'hatch');
    await expect(chart.locator('th[data-series="me"]')).toHaveAttribute('data-mark', 'fill');
    await shot(me, `my-score-${tag}`);

    await me.goto(`/courses/1/learner/assignments/${COMPLETE}/performances/CO`);
    const radarKey = me.getByTestId('report-radar-key');
    await expectKey(radarKey, ['me', 'average']);
    await expect(radarKey).toContainText(t('report.me', {}, lang));
    // The radar drawn, its series in the key's order: the class average dashed, the learner's line
    // solid; its values are the report's percentages of each maximum.
    const radar = me.getByTestId('report-radar');
    await expectCanvas(radar);
    await expectKeyFollowsBars(radar, radarKey, ['me', 'average']);
    await expect(radar.locator('th[data-series="average"]')).toHaveAttribute('data-mark', 'dash');
    await expect(radar.locator('th[data-series="me"]')).toHaveAttribute('data-mark', 'line');
    await expect(radar.locator('tbody tr')).toHaveCount(5);
    const reportScores = me.getByTestId('report-scores').locator('tbody tr').first().locator('td');
    const [mine, max] = [
      Number(await reportScores.nth(0).textContent()),
      Number(await reportScores.nth(1).textContent()),
    ];
    // (The table writes the score to one decimal: the percentage within a point.)
    const percent = Number(await radar.locator('tbody tr').first().locator('td').first().textContent());
    expect(Math.abs(percent - (mine / max) * 100)).toBeLessThanOrEqual(1);
    await shot(me, `report-learner-${tag}`);
    await me.context().close();

    const prof = await signIn(browser, 'prof@example.com', { viewport, lang });
    // The results page asks for the scores by learner beside the results and the weights (item 9).
    const byLearner = prof.waitForResponse(/\/courses\/1\/scores-by-learner\/?$/);
    await prof.goto('/courses/1/instructor/results');
    expect((await byLearner).status()).toBe(200);
    // The chart drawn, its first bar the class average of the first assignment (total).
    const results = prof.getByTestId('results-chart');
    await expectCanvas(results);
    const scores = (await api(prof, 'GET', '/courses/1/scores-by-learner/')).json;
    const firstAverage = Math.round(scores.assignments[0].all_score.total * 10) / 10;
    await expect(results.locator('tbody tr').first().locator('td')).toHaveText([String(firstAverage)]);
    await shot(prof, `results-${tag}`);
    const row = prof.getByTestId('results-table').locator('[data-testid^="results-row-"]').first();
    const name = ((await row.getByRole('link').textContent()) ?? '').trim();
    await row.getByRole('link').click();
    const personal = prof.getByTestId('personal-score-key');
    await expectKey(personal, ['me', 'average']);
    await expect(personal.locator('[data-series="me"]')).toHaveText(name);
    await expectCanvas(prof.getByTestId('personal-score-chart'));
    await expectKeyFollowsBars(prof.getByTestId('personal-score-chart'), personal, ['me', 'average']);
    await shot(prof, `personal-score-${tag}`);
  });
}

test('the instructor reads a learner’s report: it names the learner, links their reviewers’ and reviewees’ reports, and shows attachments and the retrospective', async ({
  browser,
}) => {
  const prof = await signIn(browser, 'prof@example.com', {
    viewport: { width: 1440, height: 900 },
    lang: 'ko',
  });
  // An attachment on the essay (the demo's completed assignment has none): as the server sends one.
  await prof.route(/\/api\/v1\/courses\/\d+\/assignments\/\d+\/reports\/\d+\/?$/, async (route) => {
    const answer = await route.fetch();
    const report = await answer.json();
    if (report.essay)
      report.essay.files = [
        { id: 9001, name: '근거 자료.pdf', size: 2048, file: '/api/v1/files/9001/?exp=1&sig=x' },
      ];
    await route.fulfill({ response: answer, json: report });
  });
  await prof.goto(`/courses/1/instructor/assignments/${COMPLETE}/score`);
  const first = prof.getByTestId('score-table').locator('tbody tr').first();
  const name = ((await first.getByRole('rowheader').textContent()) ?? '').trim();
  await first.getByRole('rowheader').getByRole('link').click();
  const view = prof.getByTestId('report-view');
  await expect(view).toBeVisible();

  // Named, not "나 / 내 점수 / 내가 한 평가".
  await expect(prof.getByTestId('report-scores').getByRole('columnheader').nth(1)).toHaveText(
    t('report.about.mine', { name }),
  );
  await expect(prof.getByTestId('report-radar-key').locator('[data-series="me"]')).toHaveText(name);
  await expect(view.getByText(t('report.about.evaluationTitle', { name }), { exact: true })).toBeVisible();
  for (const mine of ['report.evaluationTitle', 'report.mine', 'report.me', 'report.receivedTitle'])
    await expect(view.getByText(t(mine), { exact: true })).toHaveCount(0);

  // The essay's attachment as a download link, the retrospective after the texts.
  const files = prof.getByTestId('report-essay-files');
  await expect(files.getByRole('link', { name: '근거 자료.pdf' })).toHaveAttribute(
    'href',
    /\/api\/v1\/files\/9001\//,
  );
  await expect(prof.getByTestId('report-retrospective')).toContainText(
    '평가자들이 지적한 근거 부족을 보완했습니다.',
  );

  // Reviewers and reviewees, each a link to their report.
  const people = prof.getByTestId('report-people');
  await expect(people).toContainText(t('report.reviewersOf', { name }));
  const reviewers = prof.getByTestId('report-reviewers').getByRole('link');
  expect(await reviewers.count()).toBeGreaterThan(0);
  expect(await prof.getByTestId('report-reviewees').getByRole('link').count()).toBeGreaterThan(0);
  await shot(prof, 'report-instructor-named-ko');
  const reviewer = ((await reviewers.first().textContent()) ?? '').trim();
  await reviewers.first().click();
  await expect(prof.getByRole('heading', { level: 1 })).toContainText(reviewer);
  await expect(prof.getByTestId('report-scores').getByRole('columnheader').nth(1)).toHaveText(
    t('report.about.mine', { name: reviewer }),
  );
  // The reviewer's reviewees include the learner we came from.
  await expect(prof.getByTestId('report-reviewees')).toContainText(name);
});

test('the learner’s own report speaks to them and names no reviewer (en, phone)', async ({ browser }) => {
  const me = await signIn(browser, 'student03@example.com', {
    viewport: { width: 390, height: 844 },
    lang: 'en',
  });
  // The report the page asked for (the early script may ask for it before the app: its answer is
  // read by the page, so the test asks the API for the same address).
  const asked = me.waitForRequest(/\/api\/v1\/courses\/\d+\/assignments\/\d+\/reports\/\d+\/?$/);
  await me.goto(`/courses/1/learner/assignments/${COMPLETE}/performances/CO`);
  const reportPath = new URL((await asked).url()).pathname.replace(/^\/api\/v1/, '');
  const report = (await api(me, 'GET', reportPath)).json;
  expect(report.is_my_report).toBe(true);
  expect(report.peer_links).toBeNull();
  const view = me.getByTestId('report-view');
  await expect(view.getByText(t('report.evaluationTitle', {}, 'en'), { exact: true })).toBeVisible();
  await expect(me.getByTestId('report-scores').getByRole('columnheader').nth(1)).toHaveText(
    t('report.mine', {}, 'en'),
  );
  await expect(me.getByTestId('report-people')).toHaveCount(0);
  await expect(me.getByTestId('report-retrospective')).toBeVisible();
  await shot(me, 'report-learner-own-en-390');
});
