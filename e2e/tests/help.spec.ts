import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

const KO_TABS = [
  '일반 이용',
  '학습자 수강 신청 및 과제 수행',
  '교수자 강의 개설·관리·삭제',
  '교수자 과제 개설·관리·삭제',
];
const EN_TABS = [
  'General use',
  'Learners: enrolling and doing assignments',
  'Instructors: opening, managing and deleting courses',
  'Instructors: creating, managing and deleting assignments',
];

async function signIn(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
}

/** Clicks a manual link and checks that a real PDF with the expected name is downloaded. */
async function downloadPdf(page: Page, testId: string, fileName: string) {
  const downloading = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(50 * 1024);
}

test('an instructor browses the help topics with the keyboard, opens answers and downloads both manuals', async ({
  page,
}) => {
  await signIn(page, 'prof@example.com');
  await page.getByRole('link', { name: '도움말' }).click();
  await expect(page).toHaveURL(/\/helps$/);
  const help = page.getByTestId('help-page');
  await expect(help.getByRole('heading', { level: 1 })).toHaveText('도움말');

  // Four topics as vertical tabs on a wide screen; the first is open.
  await expect(help.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
  await expect(help.getByRole('tab')).toHaveText(KO_TABS);
  await expect(help.getByRole('tab', { name: KO_TABS[0] })).toHaveAttribute('aria-selected', 'true');

  // Arrow keys move between topics.
  await help.getByRole('tab', { name: KO_TABS[0] }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(help.getByRole('tab', { name: KO_TABS[1] })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  const coursesTab = help.getByRole('tab', { name: KO_TABS[2] });
  await expect(coursesTab).toHaveAttribute('aria-selected', 'true');
  await expect(coursesTab).toBeFocused();
  await expect(page.getByTestId('help-panel-courses')).toBeVisible();

  // Enter opens a Q&A item; its answer becomes visible.
  const control = page
    .getByTestId('help-item-courses-q1')
    .getByRole('button', { name: '강의는 어떻게 개설하나요?' });
  const answer = page.getByTestId('help-answer-courses-q1');
  await expect(answer).toBeHidden();
  await control.focus();
  await page.keyboard.press('Enter');
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('강의 코드는 개설할 때 자동으로 만들어지며 바꿀 수 없습니다.');
  await page.keyboard.press('Enter');
  await expect(answer).toBeHidden();

  // A click on a topic, then on a question; the topic is kept in the address across a reload.
  await help.getByRole('tab', { name: KO_TABS[3] }).click();
  await expect(page).toHaveURL(/\/helps\?tab=assignments$/);
  await page.getByTestId('help-item-assignments-q2').getByRole('button').click();
  await expect(page.getByTestId('help-answer-assignments-q2')).toContainText('에세이당 평가자 수 1~6명');
  await page.reload();
  await expect(help.getByRole('tab', { name: KO_TABS[3] })).toHaveAttribute('aria-selected', 'true');

  // Both manuals in Korean, as real PDF files.
  await expect(page.getByTestId('manual-instructor')).toHaveAttribute('href', '/manuals/instructor-ko.pdf');
  await expect(page.getByTestId('manual-student')).toHaveAttribute('href', '/manuals/student-ko.pdf');
  await downloadPdf(page, 'manual-instructor', 'instructor-ko.pdf');
  await downloadPdf(page, 'manual-student', 'student-ko.pdf');
});

test('a learner switches the help page to English and gets the English manuals', async ({ page }) => {
  await signIn(page, 'student01@example.com');
  await page.goto('/helps');
  const help = page.getByTestId('help-page');
  await expect(help.getByRole('tab')).toHaveText(KO_TABS);

  await page.getByTestId('language-switch').getByText('English').click();
  await expect(help.getByRole('heading', { level: 1 })).toHaveText('Help');
  await expect(help.getByRole('tab')).toHaveText(EN_TABS);
  await expect(page.getByTestId('manual-instructor')).toHaveAttribute('href', '/manuals/instructor-en.pdf');
  await expect(page.getByTestId('manual-student')).toHaveAttribute('href', '/manuals/student-en.pdf');
  await expect(page.getByTestId('manual-student')).toContainText('Learner manual');

  await help.getByRole('tab', { name: EN_TABS[1] }).click();
  await page
    .getByTestId('help-item-learner-q1')
    .getByRole('button', { name: 'How do I enrol in a course?' })
    .click();
  await expect(page.getByTestId('help-answer-learner-q1')).toContainText('student ID (up to 50 characters)');

  await downloadPdf(page, 'manual-student', 'student-en.pdf');
  await downloadPdf(page, 'manual-instructor', 'instructor-en.pdf');
});

test('on a phone the topics become one scrollable row of tabs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'student01@example.com');
  await page.goto('/helps');
  const help = page.getByTestId('help-page');
  await expect(help.getByRole('tablist')).toHaveAttribute('aria-orientation', 'horizontal');
  await help.getByRole('tab', { name: KO_TABS[3] }).click();
  await page.getByTestId('help-item-assignments-q4').getByRole('button').click();
  await expect(page.getByTestId('help-answer-assignments-q4')).toBeVisible();
  await expect(page.getByTestId('manual-student')).toBeVisible();
});
