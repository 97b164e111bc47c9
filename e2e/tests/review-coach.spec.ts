import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, COURSE, type Lang, PHONE, signIn as signInAs, text, WIDE } from './support';

// Issue 34, item 2: the review coach hints under a vague comment and not under a specific one, in
// the page's language (Korean at 1440 px, English on a 390 px phone), and never stops the save.

const t = (key: string, lang: Lang) => text(lang, key);
const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const signIn = (browser: Browser, email: string, viewport: { width: number; height: number }, lang: Lang) =>
  signInAs(browser, email, { viewport, lang });

const KO_ESSAY =
  '학교에서 스마트폰 사용을 전면 금지해서는 안 된다. 실제로 우리 반은 과학 시간에 스마트폰으로 미세먼지 농도를 측정해 보고서를 썼다.';
const EN_ESSAY =
  'Schools should move to a four-day week. In 2019, a district in Colorado tried the four-day week and reported higher attendance.';

test('the review coach hints on a vague comment and not on a specific one (Korean wide, English phone)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const prof = await signIn(browser, 'prof@example.com', WIDE, 'ko');
  const created = await api(prof, 'POST', `${COURSE}/assignments/`, undefined, {
    name: `E2E 리뷰 코치 ${Date.now() % 100000}`,
    description: '리뷰 코치',
    is_directly_starting: 'true',
    progresses: JSON.stringify([
      { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 60 } },
      {
        model: 'peerreview',
        stage_object: {
          peer_count: 1,
          max_review_score: 10,
          max_metacognition_score: 10,
          standards: [{ question: '근거가 충분한가?', max_point: 5 }],
        },
      },
      { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
      { model: 'revisement', stage_object: { max_revisement_score: 10 } },
    ]),
  });
  expect(created.status).toBe(201);
  const aid = created.json.id as number;
  // student25 reviews in Korean on a wide screen (the Korean essay is student26's); student26 in
  // English on a phone (the English essay is student25's).
  const ko = await signIn(browser, 'student25@example.com', WIDE, 'ko');
  const en = await signIn(browser, 'student26@example.com', PHONE, 'en');
  for (const [page, essay] of [
    [ko, EN_ESSAY],
    [en, KO_ESSAY],
  ] as const) {
    const a = await api(page, 'GET', `${COURSE}/assignments/${aid}/`);
    const saved = await api(
      page,
      'PATCH',
      `${COURSE}/assignments/${aid}/performances/${a.json.performance_id}/`,
      {
        stage_object: { content: { ops: [{ insert: `${essay}\n` }] } },
      },
    );
    expect(saved.status).toBe(200);
  }
  expect(
    (await api(prof, 'PATCH', `${COURSE}/assignments/${aid}/move-to-next-stage/`, { expected_stage: 'ES' }))
      .status,
  ).toBe(200);
  const rows = (await api(prof, 'GET', `${COURSE}/assignments/${aid}/matchings/`)).json.reviewers as {
    id: number;
    name: string;
    has_essay: boolean;
  }[];
  const writers = rows.filter((r) => r.has_essay);
  expect(writers).toHaveLength(2);
  const [w0, w1] = writers as [(typeof writers)[0], (typeof writers)[0]];
  expect(
    (
      await api(prof, 'POST', `${COURSE}/assignments/${aid}/matchings-reset/`, {
        matchings: [
          { reviewer: w0.id, target: w1.id },
          { reviewer: w1.id, target: w0.id },
        ],
      })
    ).status,
  ).toBe(200);

  for (const [page, lang, vague, specific] of [
    [
      ko,
      'ko',
      '좋아요',
      '스마트폰으로 미세먼지 농도를 측정한 사례가 구체적이라 좋아요. 다만 한 학급의 경험뿐이라 다른 학교의 조사 결과를 추가하면 좋겠어요.',
    ],
    [
      en,
      'en',
      'Good job!',
      'The Colorado district example is strong evidence, but one district is a small sample. Add a second study to make the case sturdier.',
    ],
  ] as const) {
    await page.goto(`${COURSE}/learner/assignments/${aid}/performances/PE`);
    const list = page.getByTestId('peer-review-list');
    await list.getByRole('link').first().click();
    const review = page.getByTestId('peer-review-page');
    await expect(review.getByTestId('essay-view')).toBeVisible();
    const box = review.getByLabel(t('review.comment', lang));
    await box.fill(vague);
    const region = review.getByTestId('coach-0');
    await expect(region.getByTestId('coach-hints')).toContainText(t('review.coach.generic', lang));
    await expect(region).toHaveAttribute('aria-live', 'polite');
    const regionId = await region.getAttribute('id');
    expect((await box.getAttribute('aria-describedby'))?.split(' ')).toContain(regionId);
    await shot(page, `review-coach-${lang}`);
    if (lang === 'en') {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(1);
    }
    await box.fill(specific);
    await expect(region.getByTestId('coach-ok')).toHaveText(t('review.coach.ok', lang));
    await expect(region.getByTestId('coach-hints')).toHaveCount(0);
    // Back to the vague comment: the hints return, and the review is saved all the same.
    await box.fill(vague);
    await expect(region.getByTestId('coach-hints')).toBeVisible();
    await review.getByTestId('submit-review').click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: t('review.saved', lang) })
        .first(),
    ).toBeVisible();
  }
});
