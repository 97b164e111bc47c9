import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';

// Per-learner extensions (issue 33, item 1): the instructor grants two learners at once a later end
// of peer review from the management page, sees them listed beside the demo's extension, is told
// why a past end is refused, and withdraws one — in Korean and English, on a PC and a phone.

type Tree = { [key: string]: string | Tree };
type Lang = 'ko' | 'en';
const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Tree;
const catalogs: Record<Lang, Tree> = {
  ko: {
    ...read('../../apps/web/src/locales/ko/base.json'),
    ...read('../../apps/web/src/locales/ko/common.json'),
    ...read('../../packages/contract/locales/ko/messages.json'),
  },
  en: {
    ...read('../../apps/web/src/locales/en/base.json'),
    ...read('../../apps/web/src/locales/en/common.json'),
    ...read('../../packages/contract/locales/en/messages.json'),
  },
};

function text(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = catalogs[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

async function signIn(browser: Browser, lang: Lang, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: lang === 'en' ? 'en-US' : 'ko-KR',
  });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, lang);
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.locator('input[name="email"]').fill('prof@example.com');
  await page.locator('input[name="password"]').fill('demo1234');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  return page;
}

const CASES: { lang: Lang; width: number; pick: [number, number] }[] = [
  { lang: 'ko', width: 1440, pick: [6, 7] },
  { lang: 'ko', width: 390, pick: [8, 9] },
  { lang: 'en', width: 1440, pick: [10, 11] },
  { lang: 'en', width: 390, pick: [12, 13] },
];

for (const { lang, width, pick } of CASES) {
  test(`the instructor extends peer review for two learners at once and withdraws one (${lang}, ${width}px)`, async ({
    browser,
  }) => {
    const t = (key: string, params?: Record<string, string | number>) => text(lang, key, params);
    const prof = await signIn(browser, lang, width);
    await prof.goto('/courses/1/instructor');
    // On a phone the course page is in tabs: the assignments are the third.
    if (width < 800) await prof.getByRole('tab', { name: t('courses.tabs.assignments') }).click();
    const card = prof
      .locator('[data-testid^="assignment-card-"]')
      .filter({ hasText: '1차 과제: 나를 소개하는 글' });
    const id = (await card.getAttribute('data-testid'))?.replace('assignment-card-', '');
    await prof.goto(`/courses/1/instructor/assignments/${id}`);
    await expect(prof.getByTestId('progress-table')).toBeVisible();

    // The demo's extension is listed with its reason.
    const table = prof.getByTestId('extensions-table');
    await expect(table).toContainText('병가 (진단서 제출)');
    const before = await table.locator('tbody tr').count();

    await prof.getByTestId('extension-grant-open').click();
    const dialog = prof.getByRole('dialog', { name: t('assignments.extensions.grantTitle') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: t('assignments.extensions.learners') }).click();
    const options = prof.getByRole('option');
    const names: string[] = [];
    for (const n of pick) {
      const option = options.nth(n);
      names.push(((await option.textContent()) ?? '').replace(/\s*\(.*\)$/, '').trim());
      await option.click();
    }
    await prof.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: t('assignments.extensions.stage') }).click();
    await prof.getByRole('option', { name: t('stages.PE') }).click();
    await dialog
      .getByLabel(t('assignments.extensions.reason'))
      .fill(lang === 'ko' ? '가족 행사' : 'Family event');

    // An end in the past is refused with the translated reason, and nothing is granted.
    await dialog.getByTestId('extension-end').fill('2020-03-02T09:00');
    await dialog.getByTestId('extension-submit').click();
    await expect(dialog.getByText(t('validation.extension_after_end'))).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(before);

    await dialog.getByTestId('extension-end').fill('2099-03-02T18:00');
    await dialog.getByTestId('extension-submit').click();
    await expect(
      prof.getByRole('alert').filter({ hasText: t('assignments.extensions.granted', { n: 2 }) }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(table.locator('tbody tr')).toHaveCount(before + 2);
    for (const name of names) await expect(table).toContainText(name);

    // Nothing runs off the side of a phone.
    const overflow = await prof.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // One is withdrawn.
    await table
      .getByRole('button', { name: t('assignments.extensions.withdrawLabel', { name: names[0] ?? '' }) })
      .click();
    await expect(
      prof.getByRole('alert').filter({ hasText: t('assignments.extensions.withdrawn') }),
    ).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(before + 1);
    await prof.context().close();
  });
}
