import { expect, type Page, test } from '@playwright/test';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('이메일').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
}

test('the sign-in page is branded and Korean by default', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByTestId('login-title')).toHaveText('데모 대학교 글쓰기 동료평가');
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
  await expect(page).toHaveTitle('데모 대학교 글쓰기 동료평가');
  const button = page.getByRole('button', { name: '로그인' });
  await expect(button).toHaveCSS('background-color', 'rgb(86, 70, 255)');
  // The contract's rules (loaded with the first submit) check the fields before anything is sent.
  await button.click();
  await expect(page.getByText('필수 입력 항목입니다.').first()).toBeVisible();
  await page.getByLabel('이메일').fill('not-an-email');
  await page.locator('input[name="password"]').fill('x');
  await button.click();
  await expect(page.getByText('필수 입력 항목입니다.')).toHaveCount(0);
  await expect(page.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
});

test('sign-up validates, then a new learner signs in, switches language and signs out', async ({ page }) => {
  await page.goto('/sign-up');
  // Client-side rules with the spec's messages.
  await page.getByLabel('이메일').fill('new.learner@example.com');
  await page.getByLabel('이름').fill('새학생');
  await page.locator('input[name="password"]').fill('12345');
  await page.locator('input[name="passwordCheck"]').fill('123456');
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByText('비밀번호는 6자리 이상 입력해야 합니다.')).toBeVisible();
  await page.locator('input[name="password"]').fill('abcdef');
  await page.locator('input[name="passwordCheck"]').fill('abcdeg');
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByText('비밀번호와 일치하지 않습니다.')).toBeVisible();
  await page.locator('input[name="passwordCheck"]').fill('abcdef');

  // Private info: grade appears only once a school with grades is chosen.
  await expect(page.getByTestId('grade')).toHaveCount(0);
  await page.getByTestId('attending-type').click();
  await page.getByRole('option', { name: '대학교' }).click();
  await page.getByTestId('grade').click();
  await page.getByRole('option', { name: '2' }).click();
  await page.locator('input[name="address"]').fill('서울특별시 관악구');
  await page.getByLabel('생년월일').fill('2004-05-06');
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByText('계정이 생성되었습니다. 로그인할 수 있습니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);

  // The same email again is refused with the 406 message.
  await page.goto('/sign-up');
  await page.getByLabel('이메일').fill('new.learner@example.com');
  await page.getByLabel('이름').fill('또학생');
  await page.locator('input[name="password"]').fill('abcdef');
  await page.locator('input[name="passwordCheck"]').fill('abcdef');
  await page.getByTestId('attending-type').click();
  await page.getByRole('option', { name: '해당 없음' }).click();
  await page.locator('input[name="address"]').fill('부산');
  await page.getByLabel('생년월일').fill('2001-01-01');
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByText('중복된 이메일입니다. 다른 이메일을 사용하세요.').first()).toBeVisible();

  await signIn(page, 'new.learner@example.com', 'abcdef');
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('안녕하세요, 새학생님');
  // No courses yet: the tutorial opens the manual dialog by itself, then the enrol dialog (part 1 §2).
  const manual = page.getByRole('dialog', { name: '매뉴얼' });
  await expect(manual).toBeVisible();
  await manual.getByRole('button', { name: '닫기' }).first().click();
  const enrol = page.getByRole('dialog', { name: '수강 신청' });
  await expect(enrol).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(enrol).toBeHidden();
  // Once per visit: back on the dashboard, the dialogs stay closed (the cards still open them).
  await page.getByRole('link', { name: '도움말' }).click();
  await page.getByRole('link', { name: '대시보드' }).click();
  await expect(page.getByTestId('dashboard-tutorial')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-wide', 'true');
  await expect(page.getByRole('button', { name: '수강 신청' })).toBeVisible();
  await expect(page.getByRole('link', { name: '관리자 페이지' })).toHaveCount(0);

  // Language switch: English, remembered across a reload.
  await page.getByTestId('language-switch').getByText('English').click();
  await expect(page.getByTestId('dashboard-greeting')).toHaveText('Hello, 새학생');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  // A new page load opens the tutorial's dialogs again (once per load): the manual, then the enrol.
  await expect(page.getByRole('dialog', { name: 'Manual' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Enrol in a course' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a wrong password shows the 400 message and keeps the user signed out', async ({ page }) => {
  await signIn(page, 'prof@example.com', 'wrong-password');
  await expect(page.getByText('이메일 또는 비밀번호가 잘못되었습니다.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('staff sign in, see the administrator link, and the sidebar narrows to 57px', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'demo1234');
  await expect(page.getByTestId('sidebar-user-name')).toHaveText('관리자');
  await expect(page.getByRole('link', { name: '관리자 페이지' })).toBeVisible();
  const sidebar = page.getByTestId('sidebar');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(280);
  await page.getByRole('button', { name: '메뉴 접기' }).click();
  await expect(sidebar).toHaveAttribute('data-wide', 'false');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(57);
  await page.getByRole('button', { name: '메뉴 펼치기' }).click();
  await expect(sidebar).toHaveAttribute('data-wide', 'true');

  // Staff reach the manager area (anything unknown under it goes to the users); unknown paths go home; trailing slashes go away.
  await page.goto('/helps/');
  await expect(page).toHaveURL(/\/helps$/);
  await expect(page.getByTestId('help-page')).toBeVisible();
  await page.goto('/manager/users');
  await expect(page.getByTestId('manager-users')).toBeVisible();
  await page.goto('/manager/no-such-section');
  await expect(page).toHaveURL(/\/manager\/users$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/courses/1/teacher');
  await expect(page).toHaveURL(/\/$/);
});

test('a stored token that fails the login check signs the user out', async ({ page }) => {
  await page.goto('/sign-in');
  // Wait until the app has started, so that only the next page load reads the planted token.
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('token', 'x'.repeat(43)));
  await page.goto('/');
  await expect(page.getByText('인증되지 않은 계정입니다. 다시 로그인해 주세요.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the sign-in page loads only its own code and texts; English and the pages arrive when needed', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const loaded = (name: string) => scripts.some((path) => path.startsWith(`/assets/${name}-`));

  // Korean by default: no English, no pages' texts, no signed-in frame (vite.config.ts, `areaTree`),
  // no dashboard.
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const chunk of ['base', 'messages', 'common', 'frame', 'dashboard']) {
    expect(loaded(chunk), chunk).toBe(false);
  }

  // Switching to English loads English's arrival texts, and the page turns English.
  await page.getByTestId('language-switch').getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(loaded('base') && loaded('messages')).toBe(true);
  expect(loaded('common')).toBe(false);

  // Signed in, the dashboard has the pages' texts in English.
  await page.getByLabel('Email').fill('student15@example.com');
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  expect(loaded('common') && loaded('frame')).toBe(true);
  await expect(page.getByRole('navigation').first()).toContainText('Courses I take');

  // A stored English choice arrives English from the first paint, before any page loads.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
