import { type Browser, expect, test } from '@playwright/test';
import { type Lang, signIn as signInAs, text } from './support';

// Per-learner extensions (issue 33, item 1): the instructor grants two learners at once a later end
// of peer review from the management page, sees them listed beside the demo's extension, is told
// why a past end is refused, changes one's end and reason, and withdraws one after a confirmation — in Korean and English, on a PC and a phone.

/** The instructor, signed in at `width` in `lang`. */
const signIn = (browser: Browser, lang: Lang, width: number) =>
  signInAs(browser, 'prof@example.com', { viewport: { width, height: 900 }, lang });

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

    // One is changed: a new end and reason, from its row.
    await table
      .getByRole('button', { name: t('assignments.extensions.editLabel', { name: names[1] ?? '' }) })
      .click();
    const edit = prof.getByRole('dialog', {
      name: t('assignments.extensions.editTitle', { name: names[1] ?? '' }),
    });
    await expect(edit.getByTestId('extension-end')).toHaveValue('2099-03-02T18:00');
    await edit.getByTestId('extension-end').fill('2099-03-05T12:30');
    const reason = lang === 'ko' ? '일정 재조정' : 'Rescheduled';
    await edit.getByLabel(t('assignments.extensions.reason')).fill(reason);
    await edit.getByTestId('extension-submit').click();
    await expect(
      prof.getByRole('alert').filter({ hasText: t('assignments.extensions.changed') }),
    ).toBeVisible();
    await expect(edit).toBeHidden();
    const changedRow = table.locator('tbody tr').filter({ hasText: names[1] ?? '' });
    await expect(changedRow).toContainText(reason);
    await expect(changedRow).toContainText('2099-03-05');

    // One is withdrawn, after a confirmation (cancelling keeps it).
    const withdrawOne = table.getByRole('button', {
      name: t('assignments.extensions.withdrawLabel', { name: names[0] ?? '' }),
    });
    await withdrawOne.click();
    const confirm = prof.getByRole('dialog', { name: t('assignments.extensions.withdrawTitle') });
    await expect(confirm).toContainText(names[0] ?? '');
    await confirm.getByRole('button', { name: t('common.cancel') }).click();
    await expect(confirm).toBeHidden();
    await expect(table.locator('tbody tr')).toHaveCount(before + 2);
    await withdrawOne.click();
    await confirm.getByRole('button', { name: t('assignments.extensions.withdraw') }).click();
    await expect(
      prof.getByRole('alert').filter({ hasText: t('assignments.extensions.withdrawn') }),
    ).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(before + 1);
    await prof.context().close();
  });
}
