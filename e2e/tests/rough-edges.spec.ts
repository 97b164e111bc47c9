import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, COURSE, type Lang, PHONE, signIn as signInAs, text, WIDE } from './support';

// The interface's rough edges of issue 36, each checked where a user meets it. Texts come from the
// catalogs. Nothing here changes the demo course; it creates its own instructor account.

const ko = (key: string, params?: Record<string, string | number>) => text('ko', key, params);
/** A demo account signed in at `viewport`, in `lang`. */
const signIn = (browser: Browser, email: string, viewport = WIDE, lang: Lang = 'ko'): Promise<Page> =>
  signInAs(browser, email, { viewport, lang });

test('the course tabs keep one row on a phone in English, and Korean breaks between words in either language', async ({
  browser,
}) => {
  const en = await signIn(browser, 'prof@example.com', PHONE, 'en');
  await en.goto(`${COURSE}/instructor`);
  const tabs = en.getByTestId('course-page').getByRole('tab');
  await expect(tabs).toHaveCount(3);
  // Measured once the page's fonts are in (the Latin subset arrives after the first paint).
  await en.evaluate(() => document.fonts.ready);
  await expect
    .poll(
      async () =>
        new Set(await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top))))
          .size,
    )
    .toBe(1);
  // Korean content (course names, essays, questions) breaks between words in the English interface too.
  expect(await en.evaluate(() => getComputedStyle(document.body).wordBreak)).toBe('keep-all');

  const kr = await signIn(browser, 'student14@example.com', PHONE);
  await kr.goto(`${COURSE}/learner`);
  await expect(kr.getByTestId('course-page')).toBeVisible();
  expect(await kr.evaluate(() => getComputedStyle(document.body).wordBreak)).toBe('keep-all');
  // Nothing is wider than the phone.
  const overflow = await kr.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
});

test("the instructor's assignment card title opens the assignment", async ({ browser }) => {
  const page = await signIn(browser, 'prof@example.com');
  await page.goto(`${COURSE}/instructor?tab=assignments`);
  const card = page.getByTestId('assignment-card-3');
  await card.getByRole('link', { name: await card.getByTestId('assignment-name').innerText() }).click();
  await expect(page).toHaveURL(/\/courses\/1\/instructor\/assignments\/3$/);
});

test('the browser tab names the page', async ({ browser }) => {
  const page = await signIn(browser, 'prof@example.com');
  await expect.poll(() => page.title()).toContain(ko('dashboard.greeting', { name: '한교수' }));
  await page.getByRole('link', { name: ko('nav.helps') }).click();
  await expect(page.getByTestId('help-page')).toBeVisible();
  const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
  expect(heading.length).toBeGreaterThan(0);
  await expect.poll(() => page.title()).toContain(heading);
});

test('the change-password dialog opens on its first field', async ({ browser }) => {
  const page = await signIn(browser, 'student06@example.com');
  await page.goto('/my-page');
  await page.getByRole('button', { name: ko('profile.changePassword') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(ko('password.old'))).toBeFocused();
});

test('the support form keeps a long text and refuses it with the rule instead of cutting it', async ({
  browser,
}) => {
  const page = await signIn(browser, 'student07@example.com');
  await page.goto('/supports');
  const box = page.getByLabel(ko('supports.content'));
  const long = '가'.repeat(5001);
  await box.fill(long);
  await expect(box).toHaveValue(long);
  await expect(page.getByTestId('support-count')).toHaveText(ko('supports.count', { n: 5001, max: 5000 }));
  await page.getByRole('button', { name: ko('supports.submit') }).click();
  await expect(page.getByText(ko('validation.too_long', { max: 5000 }))).toBeVisible();
  await expect(box).toHaveValue(long);
});

test('an unknown post returns to the board and says so', async ({ browser }) => {
  const page = await signIn(browser, 'prof@example.com');
  await page.goto(`${COURSE}/instructor/posts/999999`);
  await expect(page).toHaveURL(/tab=board/);
  await expect(page.getByRole('alert').filter({ hasText: ko('posts.notFound') })).toBeVisible();
});

test('the student-management switches are on screen on a phone', async ({ browser }) => {
  const page = await signIn(browser, 'prof@example.com', PHONE);
  await page.goto(`${COURSE}/instructor`);
  await page.getByRole('button', { name: ko('courses.manageStudents') }).click();
  const table = page.getByTestId('students-table');
  await expect(table).toBeVisible();
  const switches = table.getByRole('switch');
  expect(await switches.count()).toBeGreaterThan(1);
  for (const s of [switches.nth(0), switches.nth(1)]) {
    const box = await s.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
});

test('staff see an account past its expiry date as expired, not active', async ({ browser }) => {
  const admin = await signIn(browser, 'admin@example.com');
  const email = `expiring-${Date.now()}@example.com`;
  const made = await api(admin, 'POST', '/users/', {
    email,
    name: '만료교수',
    password: 'secret99',
    passwordCheck: 'secret99',
    role: 'I',
    expire_date: '2030-01-01',
  });
  expect(made.status).toBe(201);
  const id = (made.json as { id: number }).id;
  // While the account is open, the new instructor opens a course with no assignment: the manager
  // area says so (it said "Nothing matches.").
  const courseId = await admin.evaluate(async (who) => {
    const signIn = await fetch('/api/v1/users/sign-in/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: who, password: 'secret99' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const form = new FormData();
    form.append('name', '빈 강의');
    const created = await fetch('/api/v1/courses/', {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    return ((await created.json()) as { id: number }).id;
  }, email);
  await admin.goto(`/manager/courses/${courseId}`);
  await expect(admin.getByTestId('manager-course-no-assignments')).toHaveText(
    ko('manager.courses.noAssignments'),
  );
  await admin.goto(`/manager/users/${id}`);
  await expect(admin.getByTestId('manager-user-state')).toHaveText(ko('manager.users.active'));
  expect((await api(admin, 'PATCH', `/users/${id}/`, { expire_date: '2020-01-01' })).status).toBe(200);
  await admin.reload();
  await expect(admin.getByTestId('manager-user-state')).toHaveText(ko('manager.users.expired'));
});

test('before the start a learner has nothing to request: the card says everyone takes part, and how ranks count', async ({
  browser,
}) => {
  const page = await signIn(browser, 'student14@example.com');
  await page.goto(`${COURSE}/learner?tab=assignments`);
  const waiting = page.getByTestId('assignment-join-1');
  await expect(waiting).toHaveText(ko('assignments.join.automatic'));
  await expect(page.getByTestId('assignment-card-1').getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('assignment-card-1').getByTestId('assignment-ranked-hint')).toHaveText(
    ko('assignments.join.rankedHint'),
  );
});
