import { expect, test } from '@playwright/test';
import { shot, signIn, t, toast } from './support';

// Issue 16: staff create an instructor with an expiry, who signs in and opens a course; staff find
// and deactivate a learner, whose open session ends; the lists export; a phone in English.

test('staff create an instructor with an expiry, who signs in and opens a course', async ({ browser }) => {
  const admin = await signIn(browser, 'admin@example.com');
  await admin.goto('/manager');
  await expect(admin).toHaveURL(/\/manager\/users$/);
  await expect(admin.getByTestId('manager-users').locator('[data-testid^="manager-user-"]')).toHaveCount(10);
  await shot(admin, 'manager-users-ko');
  await admin.getByRole('link', { name: t('manager.users.add') }).click();
  const form = admin.getByTestId('manager-user-new');
  const email = `newprof${Date.now() % 100000}@example.com`;
  await form.getByLabel(t('manager.users.email')).fill(email);
  await form.getByLabel(t('manager.users.name')).fill('신교수');
  await form.locator('input[name="password"]').fill('secret99');
  await form.locator('input[name="passwordCheck"]').fill('secret99');
  await form.getByText(t('manager.users.professor'), { exact: true }).click();
  await form.getByRole('button', { name: t('manager.users.create') }).click();
  // A professor needs an expiry.
  await expect(form.getByText('필수 입력 항목입니다.')).toBeVisible();
  const nextYear = `${new Date().getFullYear() + 1}-02-28`;
  await form.getByLabel(t('manager.users.expire')).fill(nextYear);
  await form.getByRole('button', { name: t('manager.users.create') }).click();
  await expect(toast(admin, t('manager.users.saved'))).toBeVisible();
  const detail = admin.getByTestId('manager-user-detail');
  await expect(detail).toContainText(email);
  await expect(detail).toContainText(nextYear);

  const prof = await signIn(browser, email, { password: 'secret99' });
  const course = await prof.evaluate(async () => {
    const data = new FormData();
    data.append('name', '신교수의 강의');
    data.append('description', '새 강의');
    const res = await fetch('/api/v1/courses/', {
      method: 'POST',
      headers: { authorization: `Token ${localStorage.getItem('token')}` },
      body: data,
    });
    return (await res.json()) as { id: number };
  });
  await prof.goto(`/courses/${course.id}/instructor`);
  await expect(prof.getByTestId('course-name')).toHaveText('신교수의 강의');
  // The same email cannot be used twice.
  await admin.goto('/manager/users/new');
  await form.getByLabel(t('manager.users.email')).fill(email);
  await form.getByLabel(t('manager.users.name')).fill('중복');
  await form.locator('input[name="password"]').fill('secret99');
  await form.locator('input[name="passwordCheck"]').fill('secret99');
  await form.getByRole('button', { name: t('manager.users.create') }).click();
  await expect(toast(admin, t('manager.users.duplicate'))).toBeVisible();
});

test('staff find and deactivate a learner, whose open session ends; the list exports', async ({
  browser,
}) => {
  const learner = await signIn(browser, 'student29@example.com');
  const admin = await signIn(browser, 'admin@example.com');
  await admin.goto('/manager/users');
  const list = admin.getByTestId('manager-users');
  await admin.getByTestId('manager-users-search').fill('student29');
  await expect(list).toContainText(t('manager.count', { n: 1 }));
  await list.locator('[data-testid^="manager-user-"]').getByRole('link').click();
  const detail = admin.getByTestId('manager-user-detail');
  await expect(detail).toContainText('student29@example.com');
  await admin.getByTestId('deactivate-user').click();
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: t('manager.users.deactivate') })
    .click();
  await expect(toast(admin, t('manager.users.disabled'))).toBeVisible();
  await expect(admin).toHaveURL(/\/manager\/users$/);
  // The learner's next request finds the session gone.
  await learner.reload();
  await expect(learner).toHaveURL(/\/sign-in$/);

  // The inactive category lists them; the export has the filtered rows.
  await admin.getByText(t('manager.users.inactive'), { exact: true }).click();
  await expect(list).toContainText('student29@example.com');
  const download = admin.waitForEvent('download');
  await admin.getByTestId('export-users').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(toast(admin, t('manager.exported'))).toBeVisible();
});

test('the manager area on a phone in English: courses, assignments and their details', async ({
  browser,
}) => {
  const admin = await signIn(browser, 'admin@example.com', {
    viewport: { width: 390, height: 844 },
    lang: 'en',
  });
  await admin.goto('/manager/courses');
  const courses = admin.getByTestId('manager-courses');
  await expect(courses).toContainText('글쓰기와 비평 (데모)');
  await courses.getByRole('link', { name: '글쓰기와 비평 (데모)' }).click();
  await expect(admin.getByTestId('manager-course-learners').getByRole('rowheader')).toHaveCount(30);
  await admin.goto('/manager/assignments');
  await admin
    .getByText(t('manager.assignments.complete', {}, 'en'), { exact: true })
    .first()
    .click();
  const assignments = admin.getByTestId('manager-assignments');
  await expect(assignments).toContainText('0차 과제: 연습');
  await assignments.getByRole('link', { name: '0차 과제: 연습' }).click();
  await expect(admin.getByTestId('manager-assignment-detail')).toContainText(
    t('manager.assignments.schedule', {}, 'en'),
  );
  await shot(admin, 'manager-assignment-phone-en');
  await admin.goto('/manager/supports');
  await expect(admin.getByTestId('manager-supports')).toBeVisible();
  // Non-staff are sent home.
  const prof = await signIn(browser, 'prof@example.com');
  await prof.goto('/manager/users');
  await expect(prof).toHaveURL(/\/$/);
});
