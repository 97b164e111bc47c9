import { expect, type Page, test } from '@playwright/test';
import { waitForMail } from './mail';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

test('sign-up with private info uses the address dialog, then the profile shows it', async ({ page }) => {
  await page.goto('/sign-up');
  await page.locator('input[name="email"]').fill('dialog.user@example.com');
  await page.getByLabel('이름').fill('주소학생');
  await page.locator('input[name="password"]').fill('abcdef');
  await page.locator('input[name="passwordCheck"]').fill('abcdef');
  await page.getByTestId('attending-type').click();
  await page.getByRole('option', { name: '고등학교' }).click();
  await page.getByTestId('grade').click();
  await page.getByRole('option', { name: '3' }).click();
  // A click opens the address dialog; choosing a region closes it and fills the field.
  await page.locator('input[name="address"]').click();
  const dialog = page.getByRole('dialog', { name: '주소 검색' });
  await expect(dialog).toBeVisible();
  await dialog.getByPlaceholder('시/도, 시/군/구로 검색').fill('해운대');
  await dialog.getByRole('option', { name: '부산광역시 해운대구' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('input[name="address"]')).toHaveValue('부산광역시 해운대구');
  // Typing is still possible: keyboard focus does not open the dialog.
  await page.locator('input[name="address"]').press('End');
  await page.locator('input[name="address"]').pressSequentially(' 센텀로 1');
  await expect(dialog).toBeHidden();
  // From the keyboard: ArrowDown in the field, or Tab to the search button and Enter (issue 36).
  await page.locator('input[name="address"]').press('ArrowDown');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.locator('input[name="address"]').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '주소 검색 열기' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('input[name="address"]')).toHaveValue('부산광역시 해운대구 센텀로 1');
  await page.getByLabel('생년월일').fill('2008-07-08');
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByText('계정이 생성되었습니다. 로그인할 수 있습니다.')).toBeVisible();

  await signIn(page, 'dialog.user@example.com', 'abcdef');
  await page.goto('/my-page');
  await expect(page.getByTestId('profile-address')).toHaveText('부산광역시 해운대구 센텀로 1');
  await expect(page.getByTestId('profile-school')).toHaveText('고등학교');
  await expect(page.getByTestId('profile-grade')).toHaveText('3');
  // Learners see the score graph, empty until an assignment has a score.
  await expect(page.getByTestId('score-empty')).toBeVisible();
});

test('password reset through the mailed link', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: '비밀번호를 잊으셨나요?' }).click();
  await expect(page).toHaveURL(/\/accounts\/password_reset\/\?lang=ko$/);
  await expect(page.getByRole('heading', { name: '비밀번호 재설정' })).toBeVisible();
  await page.getByLabel('이메일').fill('student05@example.com');
  await page.getByRole('button', { name: '재설정 링크 보내기' }).click();
  await expect(page.getByRole('heading', { name: '메일을 확인하세요' })).toBeVisible();

  const mail = await waitForMail('student05@example.com');
  const link = /(http:\/\/127\.0\.0\.1:\d+\/accounts\/reset\/[A-Za-z0-9_-]+\/\?lang=ko)/.exec(mail)?.[1];
  expect(link, mail).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('새 비밀번호', { exact: true }).fill('reset-me-1');
  await page.getByLabel('새 비밀번호 확인').fill('reset-me-2');
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByText('비밀번호와 일치하지 않습니다.')).toBeVisible();
  await page.getByLabel('새 비밀번호', { exact: true }).fill('reset-me-1');
  await page.getByLabel('새 비밀번호 확인').fill('reset-me-1');
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByRole('heading', { name: '비밀번호가 변경되었습니다' })).toBeVisible();
  await page.getByRole('link', { name: '로그인하기' }).click();
  await signIn(page, 'student05@example.com', 'reset-me-1');
  await expect(page.getByTestId('sidebar-user-name')).toBeVisible();
});

test('profile edit: a wrong password is refused, the right one saves', async ({ page }) => {
  await signIn(page, 'student07@example.com', 'demo1234');
  await page.goto('/my-page');
  await page.getByRole('link', { name: '정보 수정' }).click();
  await expect(page).toHaveURL(/\/users\/edit$/);
  await expect(page.getByLabel('이메일')).toHaveValue('student07@example.com');
  await expect(page.getByLabel('이메일')).toBeDisabled();
  await page.locator('input[name="name"]').fill('바뀐이름');
  await page.locator('input[name="password"]').fill('not-my-password');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('비밀번호가 일치하지 않습니다.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/users\/edit$/);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('회원 정보가 저장되었습니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/my-page$/);
  await expect(page.getByTestId('profile-name')).toHaveText('바뀐이름');
});

test('change password from the dialog', async ({ page }) => {
  await signIn(page, 'student16@example.com', 'demo1234');
  await page.goto('/my-page');
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  const dialog = page.getByRole('dialog', { name: '비밀번호 변경' });
  await dialog.locator('input[name="oldPassword"]').fill('wrong-one');
  await dialog.locator('input[name="newPassword"]').fill('changed1');
  await dialog.locator('input[name="passwordCheck"]').fill('changed1');
  await dialog.getByRole('button', { name: '변경하기' }).click();
  await expect(dialog.getByText('현재 비밀번호가 일치하지 않습니다.')).toBeVisible();
  await dialog.locator('input[name="oldPassword"]').fill('demo1234');
  await dialog.getByRole('button', { name: '변경하기' }).click();
  await expect(
    page.getByText('비밀번호가 변경되었습니다. 다른 기기의 로그인은 해제되었습니다.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('a support inquiry is sent, and the fare dialog shows the pricing', async ({ page }) => {
  await signIn(page, 'student09@example.com', 'demo1234');
  await page.getByRole('link', { name: '문의하기' }).click();
  await expect(page).toHaveURL(/\/supports$/);
  await page.getByRole('button', { name: '문의 보내기' }).click();
  await expect(page.getByText('필수 입력 항목입니다.')).toBeVisible();
  await page.getByLabel('문의 내용').fill('과제 파일을 올릴 수 없어요.');
  await page.getByRole('button', { name: '문의 보내기' }).click();
  await expect(page.getByText('문의가 전송되었습니다.')).toBeVisible();
  await expect(page.getByLabel('문의 내용')).toHaveValue('');

  await page.getByRole('button', { name: '요금 안내' }).first().click();
  const fare = page.getByRole('dialog', { name: '요금 안내' });
  await expect(fare.getByTestId('fare-1')).toContainText('300,000원');
  await expect(fare.getByTestId('fare-2')).toContainText('500,000원');
});

test('on a phone: the PC notice, the top bar and the menu drawer', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sign-in');
  await expect(page.getByText('이 서비스는 PC 환경에 최적화되어 있습니다.')).toBeVisible();
  await page.locator('input[name="email"]').fill('student10@example.com');
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByTestId('topbar-title')).toHaveText('Demo University');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.getByRole('link', { name: '문의하기' }).click();
  await expect(page).toHaveURL(/\/supports$/);
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('phone-supports.png'), fullPage: true });
});
