import { expect, test } from '@playwright/test';
import { COURSE, PHONE, signIn, text, WIDE } from './support';

// Issue 33, item 2: the instructor reviews an essay of the fill-in queue herself. In the demo's
// peer-review assignment she clicks "Review it myself" on a queued essay, writes the review on the
// learner's review page (the essay without its author's name) and submits it; back on the matching
// page it is listed as a staff fill-in. Each run takes one essay of the queue.

for (const [lang, viewport] of [
  ['ko', WIDE],
  ['en', PHONE],
] as const) {
  test(`the instructor reviews a queued essay herself (${lang}, ${viewport.width}px)`, async ({
    browser,
  }) => {
    const page = await signIn(browser, 'prof@example.com', { viewport, lang });
    await page.goto(`${COURSE}/instructor/assignments/3/matchings`);
    const entry = page.getByTestId('fill-in-entry').first();
    await expect(entry).toBeVisible();
    const before = (await entry.textContent()) ?? '';
    const author = before.split(':')[0]?.trim() ?? '';
    expect(author.length).toBeGreaterThan(0);
    const button = entry.getByRole('button', {
      name: text(lang, 'matching.reviewMyselfOf', { name: author }),
    });
    await expect(button).toHaveText(text(lang, 'matching.reviewMyself'));
    await button.click();
    await expect(page).toHaveURL(/\/matchings\/fill-in\/\d+$/);
    const review = page.getByTestId('peer-review-page');
    await expect(review).toBeVisible();
    // Anonymous as for learners: the essay is shown, its author's name is not.
    await expect(review).not.toContainText(author);
    const comments = review.getByRole('textbox', { name: text(lang, 'review.comment') });
    const count = await comments.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++)
      await comments
        .nth(i)
        .fill(
          lang === 'ko'
            ? '근거를 하나 더 들면 주장이 더 분명해집니다.'
            : 'One more example would make the claim clearer.',
        );
    await review.getByTestId('submit-review').click();
    await expect(page.getByText(text(lang, 'review.saved'))).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Back on the matching page: listed as a staff fill-in, written.
    await review.getByRole('link', { name: text(lang, 'review.backToList') }).click();
    await expect(page).toHaveURL(/\/matchings$/);
    const staff = page.getByTestId('staff-reviews');
    await expect(staff).toBeVisible();
    const mine = staff.getByTestId('staff-review').filter({ hasText: author });
    await expect(mine.getByText(text(lang, 'matching.staffBadge'))).toBeVisible();
    await expect(mine.getByText(text(lang, 'matching.finished'))).toBeVisible();
    // One review fewer missing: the entry as it read before is gone (left, or one more coming).
    await expect(page.getByTestId('fill-in-entry').filter({ hasText: before })).toHaveCount(0);
    await page.context().close();
  });
}
