import { expect, test } from '@playwright/test';
import { COURSE, PHONE, signIn, text, WIDE } from './support';

// Issue 33, allocation that heals itself: in the demo's peer-review assignment (moved by hand;
// its reviews were given three days ago) the reviews nobody opened are marked on the matching
// page, their essays are listed to fill in, and a learner who finished theirs is offered one more.
// Read-only here: taking one over is tested through the API (review-one-more.test.ts).

for (const [lang, viewport] of [
  ['ko', WIDE],
  ['en', PHONE],
] as const) {
  test(`the matching page lists the essays to fill in and marks unopened reviews (${lang}, ${viewport.width}px)`, async ({
    browser,
  }) => {
    const page = await signIn(browser, 'prof@example.com', { viewport, lang });
    await page.goto(`${COURSE}/instructor/assignments/3/matchings`);
    const queue = page.getByTestId('fill-in-queue');
    // The page's first visit loads its chunk and the matching: on a loaded CI host (both browser
    // parts beside each other) that once took more than the default 10 s, as in the other specs.
    await expect(queue).toBeVisible({ timeout: 30_000 });
    await expect(queue.getByRole('heading', { name: text(lang, 'matching.fillInTitle') })).toBeVisible();
    expect(await queue.getByTestId('fill-in-entry').count()).toBeGreaterThan(0);
    await expect(
      page.getByTestId('matching-table').getByText(text(lang, 'matching.notOpened')).first(),
    ).toBeVisible();
    // Nothing wider than the screen on a phone but the table's own scroller.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('a learner who finished their reviews is offered one more, in the page language', async ({
  browser,
}) => {
  for (const [lang, viewport] of [
    ['ko', WIDE],
    ['en', PHONE],
  ] as const) {
    const page = await signIn(browser, 'student08@example.com', { viewport, lang });
    await page.goto(`${COURSE}/learner/assignments/3/performances/PE`);
    const card = page.getByTestId('review-one-more');
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: text(lang, 'review.oneMore') })).toBeEnabled();
    await page.context().close();
  }
});
