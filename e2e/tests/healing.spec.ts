import { readFileSync } from 'node:fs';
import { type Browser, expect, test } from '@playwright/test';

// Issue 33, allocation that heals itself: in the demo's peer-review assignment (moved by hand;
// its reviews were given three days ago) the reviews nobody opened are marked on the matching
// page, their essays are listed to fill in, and a learner who finished theirs is offered one more.
// Read-only here: taking one over is tested through the API (review-one-more.test.ts).

type Tree = { [key: string]: string | Tree };
const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Tree;
const catalogs = {
  ko: { ...read('../../apps/web/src/locales/ko/common.json') },
  en: { ...read('../../apps/web/src/locales/en/common.json') },
};
function t(lang: 'ko' | 'en', key: string): string {
  let node: string | Tree | undefined = catalogs[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text for ${key}`);
  return node;
}

const COURSE = '/courses/1';
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signIn(browser: Browser, email: string, viewport: typeof WIDE, lang: 'ko' | 'en') {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  return page;
}

for (const [lang, viewport] of [
  ['ko', WIDE],
  ['en', PHONE],
] as const) {
  test(`the matching page lists the essays to fill in and marks unopened reviews (${lang}, ${viewport.width}px)`, async ({
    browser,
  }) => {
    const page = await signIn(browser, 'prof@example.com', viewport, lang);
    await page.goto(`${COURSE}/instructor/assignments/3/matchings`);
    const queue = page.getByTestId('fill-in-queue');
    await expect(queue).toBeVisible();
    await expect(queue.getByRole('heading', { name: t(lang, 'matching.fillInTitle') })).toBeVisible();
    expect(await queue.getByTestId('fill-in-entry').count()).toBeGreaterThan(0);
    await expect(
      page.getByTestId('matching-table').getByText(t(lang, 'matching.notOpened')).first(),
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
    const page = await signIn(browser, 'student08@example.com', viewport, lang);
    await page.goto(`${COURSE}/learner/assignments/3/performances/PE`);
    const card = page.getByTestId('review-one-more');
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: t(lang, 'review.oneMore') })).toBeEnabled();
    await page.context().close();
  }
});
