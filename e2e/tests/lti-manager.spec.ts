import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type Lang, PHONE, signIn, text, toast, WIDE } from './support';

// Issue 31, item 1: the organisation's staff register an LMS (LTI 1.3) in the manager area: the
// tool's URLs to copy into the LMS, a form that refuses an address without https, the
// registration listed, and its removal after a confirmation. Korean at 1440 px, English at 390 px.

const managerTexts = (lang: Lang) =>
  JSON.parse(
    readFileSync(new URL(`../../apps/web/src/locales/${lang}/manager.json`, import.meta.url), 'utf8'),
  ) as { manager: { lti: Record<string, string>; menu: Record<string, string> } };
const lti = (lang: Lang, key: string, params: Record<string, string> = {}) =>
  (managerTexts(lang).manager.lti[key] ?? `?${key}`).replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => params[name] ?? '',
  );

/** Nothing sticks out sideways (the page scrolls only down). */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

for (const [lang, viewport] of [
  ['ko', WIDE],
  ['en', PHONE],
] as const) {
  test(`staff register an LMS and remove it (${lang}, ${viewport.width} px)`, async ({ browser }) => {
    const page = await signIn(browser, 'admin@example.com', { viewport, lang });
    await page.goto('/manager/lti');
    await expect(page.getByRole('heading', { name: lti(lang, 'title') })).toBeVisible();
    // The tool's URLs on this host, each with its copy button.
    const origin = new URL(page.url()).origin;
    await expect(page.getByText(`${origin}/lti/login`)).toBeVisible();
    await expect(
      page.getByRole('button', { name: `${lti(lang, 'copy')}: ${lti(lang, 'toolJwks')}` }),
    ).toBeVisible();
    await expect(page.getByTestId('lti-empty')).toHaveText(lti(lang, 'empty'));
    await expectNoSideways(page);

    // An issuer without https is refused under its field, and nothing is saved.
    const issuer = `https://moodle-${lang}.example.ac.kr`;
    await page.getByLabel(lti(lang, 'issuer')).fill(issuer.replace('https://', ''));
    await page.getByLabel(lti(lang, 'client_id')).fill('peerwrite');
    await page.getByLabel(lti(lang, 'deployment_ids')).fill('1, 2');
    await page.getByLabel(lti(lang, 'login_url')).fill(`${issuer}/mod/lti/auth.php`);
    await page.getByLabel(lti(lang, 'token_url')).fill(`${issuer}/mod/lti/token.php`);
    await page.getByLabel(lti(lang, 'jwks_url')).fill(`${issuer}/mod/lti/certs.php`);
    await page.getByTestId('lti-save').click();
    await expect(page.getByText(text(lang, 'validation.url'))).toBeVisible();
    await expect(page.getByTestId('lti-platform')).toHaveCount(0);

    // Corrected, it is saved and listed with what the LMS gave.
    await page.getByLabel(lti(lang, 'issuer')).fill(issuer);
    await page.getByTestId('lti-save').click();
    await expect(toast(page, lti(lang, 'saved'))).toBeVisible();
    const card = page.getByTestId('lti-platform');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: issuer })).toBeVisible();
    await expect(card.getByText('1, 2')).toBeVisible();
    await expect(page.getByLabel(lti(lang, 'issuer'))).toHaveValue('');
    await expectNoSideways(page);

    // Removal asks first; cancelled, the registration stays; confirmed, it goes.
    await card.getByRole('button', { name: `${lti(lang, 'remove')}: ${issuer}` }).click();
    const dialog = page.getByRole('dialog', { name: lti(lang, 'removeTitle') });
    await expect(dialog).toContainText(lti(lang, 'removeConfirm', { issuer }));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: `${lti(lang, 'remove')}: ${issuer}` }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: lti(lang, 'remove') })
      .click();
    await expect(toast(page, lti(lang, 'removed'))).toBeVisible();
    await expect(page.getByTestId('lti-platform')).toHaveCount(0);
    await expect(page.getByTestId('lti-empty')).toBeVisible();
    await page.context().close();
  });
}
