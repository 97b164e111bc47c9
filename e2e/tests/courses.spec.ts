import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type Lang, text } from './support';

// The flow of issue 4, run twice: on a wide screen in Korean and on a phone (390px) in English.
// The expected texts come from the web app's catalogs, so both runs check the same screens.

type Screen = { lang: Lang; phone: boolean };

async function signIn(browser: Browser, email: string, screen: Screen): Promise<Page> {
  const context = await browser.newContext({
    viewport: screen.phone ? { width: 390, height: 844 } : { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  if (screen.lang === 'en') {
    await page.getByTestId('language-switch').getByText('English').click();
    await expect(page.getByTestId('dashboard-greeting')).toContainText('Hello');
  }
  return page;
}

/** The side navigation: always there on wide screens, in the menu drawer on phones. */
async function sidebar(page: Page, screen: Screen): Promise<Locator> {
  if (screen.phone) await page.getByRole('button', { name: text(screen.lang, 'nav.openMenu') }).click();
  const nav = page.getByTestId('sidebar');
  await expect(nav).toBeVisible();
  return nav;
}

/** On phones the course page is three tabs; wide screens show every section at once. */
async function courseTab(page: Page, screen: Screen, tab: 'lectures' | 'board' | 'assignments') {
  if (screen.phone) await page.getByRole('tab', { name: text(screen.lang, `courses.tabs.${tab}`) }).click();
}

/** A notification (Mantine renders them with role="alert"). */
function toast(page: Page, message: string) {
  return page.getByRole('alert').filter({ hasText: message }).first();
}

async function runFlow(browser: Browser, screen: Screen, suffix: string) {
  const t = (key: string, params?: Record<string, string | number>) => text(screen.lang, key, params);
  const courseName = `비평적 글쓰기 ${suffix}`;
  const studentEmail = screen.phone ? 'student12@example.com' : 'student11@example.com';
  const studentId = `2024-E2E-${suffix}`;

  // 1. The instructor opens a course with a lecture plan and reads its code.
  const prof = await signIn(browser, 'prof@example.com', screen);
  let nav = await sidebar(prof, screen);
  await nav.getByRole('button', { name: t('nav.openCourse') }).click();
  const create = prof.getByRole('dialog', { name: t('courses.createTitle') });
  await create.getByRole('button', { name: t('courses.createSubmit') }).click();
  await expect(create.getByText(t('validation.required'))).toBeVisible();
  await create.getByLabel(t('courses.name')).fill(courseName);
  await create.getByLabel(t('courses.description')).fill('논증적 글을 쓰고 서로 평가합니다.');
  // Over 20MB is refused before any upload.
  await create.locator('input[type="file"]').setInputFiles({
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(20 * 1024 * 1024 + 1),
  });
  await expect(toast(prof, t('errors.payload_too_large'))).toBeVisible();
  await expect(create.getByText('huge.pdf')).toHaveCount(0);
  await create.locator('input[type="file"]').setInputFiles({
    name: 'plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% lecture plan\n'),
  });
  await expect(create.getByText('plan.pdf')).toBeVisible();
  await create.getByRole('button', { name: t('courses.createSubmit') }).click();
  await expect(toast(prof, t('courses.created'))).toBeVisible();
  await expect(prof).toHaveURL(/\/courses\/\d+\/instructor$/);
  const courseUrl = new URL(prof.url()).pathname;
  const courseId = Number(courseUrl.split('/')[2]);
  await expect(prof.getByTestId('course-name')).toHaveText(courseName);
  if (screen.phone) await expect(prof.getByTestId('topbar-title')).toHaveText(courseName);
  await expect(prof.getByTestId('course-open-state')).toHaveText(t('courses.open'));
  const code = (await prof.getByTestId('course-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4,}$/);
  await expect(prof.getByTestId('course-files').getByRole('link', { name: 'plan.pdf' })).toBeVisible();
  nav = await sidebar(prof, screen);
  const opened = nav.getByTestId('nav-opened-courses');
  const more = opened.getByRole('button', {
    name: new RegExp(t('nav.showMoreN', { n: 0 }).split('(')[0]!.trim()),
  });
  // The list refetches after the creation: open "more" once it is there, then find the course.
  await expect(async () => {
    if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) === 'false')
      await more.click();
    await expect(opened.getByRole('link', { name: courseName })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  if (screen.phone) await prof.keyboard.press('Escape');

  // 2. A learner enrols with the code: a wrong code and a second attempt are refused.
  const learner = await signIn(browser, studentEmail, screen);
  nav = await sidebar(learner, screen);
  await nav.getByRole('button', { name: t('nav.enrol') }).click();
  const enrol = learner.getByRole('dialog', { name: t('enroll.title') });
  await enrol.getByLabel(t('enroll.courseCode')).fill('NOPE99');
  await enrol.getByLabel(t('enroll.studentId')).fill(studentId);
  await enrol.getByRole('button', { name: t('enroll.submit') }).click();
  await expect(toast(learner, t('enroll.notFound'))).toBeVisible();
  await enrol.getByLabel(t('enroll.courseCode')).fill(code.toLowerCase());
  await enrol.getByRole('button', { name: t('enroll.submit') }).click();
  await expect(toast(learner, t('enroll.success'))).toBeVisible();
  await expect(learner).toHaveURL(new RegExp(`/courses/${courseId}/learner$`));
  await expect(learner.getByTestId('course-name')).toHaveText(courseName);
  await expect(learner.getByTestId('course-role')).toHaveText(t('courses.roles.learner'));
  await expect(learner.getByTestId('my-student-id')).toHaveText(studentId);
  await expect(learner.getByTestId('course-code')).toHaveCount(0);
  const download = learner.waitForEvent('download');
  await learner.getByTestId('course-files').getByRole('link', { name: 'plan.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('plan.pdf');

  nav = await sidebar(learner, screen);
  await nav.getByRole('button', { name: t('nav.enrol') }).click();
  await enrol.getByLabel(t('enroll.courseCode')).fill(code);
  await enrol.getByLabel(t('enroll.studentId')).fill(studentId);
  await enrol.getByRole('button', { name: t('enroll.submit') }).click();
  await expect(toast(learner, t('enroll.already'))).toBeVisible();
  await enrol.getByRole('button', { name: t('common.cancel') }).click();
  if (screen.phone) await learner.keyboard.press('Escape');

  // The dashboard box can be hidden and restored.
  await learner.goto('/');
  const box = learner.locator(`[data-testid="dashboard-course-${courseId}"]`);
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: t('dashboard.hideCourse', { name: courseName }) }).click();
  await expect(box).toHaveCount(0);
  await learner.reload();
  await expect(learner.getByTestId('dashboard-greeting')).toBeVisible();
  await expect(box).toHaveCount(0);
  await learner.getByRole('button', { name: t('dashboard.restore', { n: 1 }) }).click();
  await expect(box).toBeVisible();
  await expect(box.getByTestId('dashboard-assignments-empty').first()).toBeVisible();

  if (!screen.phone) {
    // The instructor closes registration on the edit page; a new learner is then refused.
    await prof.goto(`${courseUrl}/edit`);
    await prof.getByLabel(t('courses.isOpen')).uncheck({ force: true });
    await prof.getByRole('button', { name: t('common.save') }).click();
    await expect(toast(prof, t('courses.saved'))).toBeVisible();
    await expect(prof.getByTestId('course-open-state')).toHaveText(t('courses.closed'));
    const late = await signIn(browser, 'student13@example.com', screen);
    await (await sidebar(late, screen)).getByRole('button', { name: t('nav.enrol') }).click();
    const lateDialog = late.getByRole('dialog', { name: t('enroll.title') });
    await lateDialog.getByLabel(t('enroll.courseCode')).fill(code);
    await lateDialog.getByLabel(t('enroll.studentId')).fill('2024-LATE');
    await lateDialog.getByRole('button', { name: t('enroll.submit') }).click();
    await expect(toast(late, t('errors.course_closed'))).toBeVisible();
    await late.context().close();
  }

  // 3. The instructor posts a notice with a poll (a repeated option is merged).
  await prof.goto(courseUrl);
  await courseTab(prof, screen, 'board');
  await expect(prof.getByTestId('posts-empty')).toBeVisible();
  await prof.getByRole('link', { name: t('posts.write'), exact: true }).click();
  await expect(prof).toHaveURL(new RegExp(`/courses/${courseId}/instructor/posts/new$`));
  await prof.getByRole('textbox', { name: t('posts.title'), exact: true }).fill('첫 모임 시간 투표');
  await prof.getByRole('textbox', { name: t('posts.content'), exact: true }).fill('편한 시간을 골라 주세요.');
  await prof.getByLabel(t('posts.isNotice')).check();
  await prof.getByLabel(t('posts.addPoll')).check({ force: true });
  await prof.getByRole('textbox', { name: t('posts.optionN', { n: 1 }), exact: true }).fill('화요일');
  await prof.getByRole('button', { name: t('posts.addOption') }).click();
  await prof.getByRole('button', { name: t('posts.submit') }).click();
  await expect(prof.getByText(t('validation.poll_option_required')).first()).toBeVisible();
  await prof.getByRole('textbox', { name: t('posts.optionN', { n: 2 }), exact: true }).fill('목요일');
  await prof.getByRole('textbox', { name: t('posts.optionN', { n: 3 }), exact: true }).fill('화요일');
  await expect(prof.getByTestId('poll-duplicates')).toContainText('화요일');
  await prof.getByRole('button', { name: t('posts.submit') }).click();
  await expect(toast(prof, t('posts.created'))).toBeVisible();
  await expect(prof.getByTestId('post-title')).toHaveText('첫 모임 시간 투표');
  await expect(prof.getByTestId('poll').getByRole('radio')).toHaveCount(2);

  // 4. The learner sees the notice, votes, changes the vote and comments.
  await learner.goto(courseUrl.replace('/instructor', '/learner'));
  await courseTab(learner, screen, 'board');
  const item = learner.getByTestId('post-list').getByRole('link', { name: /첫 모임 시간 투표/ });
  await expect(item).toContainText(t('posts.notice'));
  await expect(item).toContainText(t('posts.poll'));
  await item.click();
  const poll = learner.getByTestId('poll');
  await poll.getByRole('radio', { name: '목요일' }).check();
  await poll.getByRole('button', { name: t('posts.vote') }).click();
  await expect(toast(learner, t('posts.voted'))).toBeVisible();
  await expect(poll.getByTestId('poll-total')).toHaveText(t('posts.totalVotes', { count: 1 }));
  await poll.getByRole('radio', { name: '화요일' }).check();
  await poll.getByRole('button', { name: t('posts.changeVote') }).click();
  await expect(toast(learner, t('posts.voteChanged'))).toBeVisible();
  await expect(poll.getByTestId('poll-total')).toHaveText(t('posts.totalVotes', { count: 1 }));
  await expect(poll.getByText(t('posts.votes', { count: 1, pct: 100 }))).toBeVisible();

  await learner.getByLabel(t('posts.newComment')).fill('저는 화요일이 좋아요.');
  await learner.getByRole('button', { name: t('posts.commentSubmit') }).click();
  await expect(toast(learner, t('posts.commentWritten'))).toBeVisible();
  await learner.getByLabel(t('posts.newComment')).fill('지울 댓글');
  await learner.getByRole('button', { name: t('posts.commentSubmit') }).click();
  const comments = learner.getByTestId('comment-list');
  await expect(comments.getByText('지울 댓글')).toBeVisible();
  await comments
    .locator('[data-testid^="comment-"]')
    .filter({ hasText: '지울 댓글' })
    .getByRole('button', { name: t('posts.deleteComment') })
    .click();
  await learner
    .getByRole('dialog')
    .getByRole('button', { name: t('common.delete') })
    .click();
  await expect(toast(learner, t('posts.commentDeleted'))).toBeVisible();
  await expect(comments.getByText('지울 댓글')).toHaveCount(0);
  await expect(comments.getByText('저는 화요일이 좋아요.')).toBeVisible();
  await expect(comments.getByTestId('comment-nickname')).not.toHaveText('');

  // The instructor sees the vote and the comment.
  await prof.reload();
  await expect(prof.getByTestId('poll').getByTestId('poll-total')).toHaveText(
    t('posts.totalVotes', { count: 1 }),
  );
  await expect(prof.getByText('저는 화요일이 좋아요.')).toBeVisible();

  // 5. The instructor withdraws the learner, and the learner loses access to the course.
  await prof.goto(courseUrl);
  await courseTab(prof, screen, 'lectures');
  await prof.getByRole('button', { name: t('courses.manageStudents') }).click();
  const students = prof.getByRole('dialog', { name: t('students.title') });
  const row = students.getByTestId(`student-row-${studentEmail}`);
  await expect(row).toContainText(studentId);
  const active = row.getByRole('switch').first();
  await expect(active).toBeChecked();
  await active.click({ force: true });
  await expect(row).toContainText(t('students.withdrawn'));
  await expect(active).not.toBeChecked();

  await learner.goto(courseUrl.replace('/instructor', '/learner'));
  await expect(toast(learner, t('courses.withdrawn'))).toBeVisible();
  await expect(learner).toHaveURL(/\/404$/);
  if (screen.phone) await expect(learner.getByTestId('topbar-title')).not.toHaveText(courseName);
  nav = await sidebar(learner, screen);
  await expect(nav.getByRole('link', { name: courseName })).toHaveCount(0);
  // Enrolling again is refused with the withdrawn message.
  await nav.getByRole('button', { name: t('nav.enrol') }).click();
  await enrol.getByLabel(t('enroll.courseCode')).fill(code);
  await enrol.getByLabel(t('enroll.studentId')).fill(studentId);
  await enrol.getByRole('button', { name: t('enroll.submit') }).click();
  await expect(toast(learner, t('enroll.withdrawn'))).toBeVisible();

  await prof.context().close();
  await learner.context().close();
}

test('a course from opening to withdrawal, on a wide screen in Korean', async ({ browser }) => {
  test.setTimeout(120_000);
  await runFlow(browser, { lang: 'ko', phone: false }, 'W');
});

test('the same flow on a phone (390px) in English', async ({ browser }) => {
  test.setTimeout(120_000);
  await runFlow(browser, { lang: 'en', phone: true }, 'P');
});
