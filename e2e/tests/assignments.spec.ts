import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn as signInAs, t, toast } from './support';

// The flow of issue 5: the instructor creates a three-stage assignment with the editor's rules
// enforced, a learner opens the task information, the instructor advances the stage, and the
// learner sees the new stage. Texts come from the web app's Korean catalogs.

/** A demo account signed in on a wide screen, in Korean. */
const signIn = (browser: Browser, email: string): Promise<Page> => signInAs(browser, email);

const COURSE = '/courses/1';

test('an instructor creates and advances a three-stage assignment; a learner follows it', async ({
  browser,
}) => {
  const name = `E2E 세 단계 과제 ${Date.now() % 100000}`;

  // 1. The demo course lists its seven assignments; the instructor starts a new one.
  const prof = await signIn(browser, 'prof@example.com');
  await prof.goto(`${COURSE}/instructor`);
  await expect(prof.locator('[data-testid^="assignment-card-"]')).toHaveCount(7);
  await expect(prof.getByTestId('assignment-list')).toContainText(t('assignments.schedule.manual'));
  await prof.getByTestId('assignment-new').click();
  await prof.getByRole('menuitem', { name: t('assignments.newBlank') }).click();
  await expect(prof).toHaveURL(/\/courses\/1\/instructor\/assignments\/new$/);
  const form = prof.getByTestId('assignment-form');

  // 2. Required fields are checked before anything is sent.
  await prof.getByTestId('assignment-submit').click();
  await expect(form.getByText(t('validation.required')).first()).toBeVisible();

  await prof.getByLabel(t('assignments.form.name')).fill(name);
  await prof.getByLabel(t('assignments.form.description')).fill('세 단계로 진행하는 과제입니다.');
  await prof.getByTestId('standard-0').fill('주장이 분명한가?');
  // Feedback review joins: the default split moves to 70/10/10/10.
  await prof.getByTestId('stage-toggle-feedbackreview').click();
  await expect(prof.getByTestId('score-review')).toHaveValue('10');
  await expect(prof.getByTestId('score-feedback')).toHaveValue('10');
  await expect(prof.getByTestId('score-total')).toHaveText(t('assignments.form.total', { total: 100 }));

  // 3. A total other than 100 warns with the total and stops the submit.
  await prof.getByTestId('score-writing').fill('60');
  await expect(prof.getByTestId('score-total')).toHaveText(t('assignments.form.total', { total: 90 }));
  await prof.getByTestId('assignment-submit').click();
  await expect(prof.getByTestId('score-total-warning')).toHaveText(
    t('assignments.form.totalWarning', { total: 90 }),
  );
  await expect(prof).toHaveURL(/\/assignments\/new$/);
  await prof.getByTestId('score-writing').fill('70');

  // 4. Automatic scheduling needs every date, and nothing may start in the past.
  await prof.getByLabel(t('assignments.form.autoSchedule')).check();
  await prof.getByTestId('essay-start').fill('2020-03-02T09:00');
  await prof.getByTestId('assignment-submit').click();
  await expect(form.getByText(t('validation.schedule_dates_required')).first()).toBeVisible();
  await expect(form.getByText(t('validation.schedule_in_past'))).toBeVisible();
  await prof.getByTestId('essay-start').fill('');
  await prof.getByLabel(t('assignments.form.autoSchedule')).uncheck();
  await expect(form.getByText(t('validation.schedule_dates_required'))).toHaveCount(0);

  // 5. A name already used in the course is refused by the server (406).
  await prof.getByLabel(t('assignments.form.name')).fill('1차 과제: 나를 소개하는 글');
  await prof.getByTestId('assignment-submit').click();
  await expect(toast(prof, t('assignments.form.duplicate'))).toBeVisible();

  // 6. Created with "start directly": essay writing runs at once.
  await prof.getByLabel(t('assignments.form.name')).fill(name);
  await prof.getByLabel(t('assignments.form.directStart')).check();
  await expect(prof.getByTestId('essay-start')).toHaveValue(t('assignments.form.startsNow'));
  await prof.getByTestId('assignment-submit').click();
  await expect(toast(prof, t('assignments.form.created'))).toBeVisible();
  await expect(prof).toHaveURL(/\/courses\/1\/instructor\/assignments\/\d+$/);
  const managementUrl = prof.url();
  await expect(prof.getByTestId('assignment-title')).toHaveText(name);
  await expect(prof.getByTestId('assignment-status')).toHaveText(
    t('assignments.status.proceeding', { stage: t('stages.ES') }),
  );
  await expect(prof.getByTestId('timeline-step-ES')).toHaveAttribute('data-state', 'current');
  await expect(prof.getByTestId('timeline-step-FE')).toHaveAttribute('data-state', 'upcoming');
  await expect(prof.getByTestId('progress-table')).toBeVisible();
  await expect(prof.getByTestId('assignment-matching')).toHaveAttribute('data-disabled', 'true');
  // Pressed while closed (a tap on a phone, which has no hover for its tooltip), it says why.
  // (aria-disabled: Playwright waits for an enabled element unless forced; a finger does not.)
  await prof.getByTestId('assignment-matching').click({ force: true });
  await expect(toast(prof, t('assignments.manage.matchingDisabled'))).toBeVisible();
  await expect(prof).toHaveURL(/\/instructor\/assignments\/\d+$/);

  // 7. A learner finds it on the course page and opens the task information.
  const learner = await signIn(browser, 'student07@example.com');
  await learner.goto(`${COURSE}/learner`);
  const card = learner.locator('[data-testid^="assignment-card-"]').filter({ hasText: name });
  await expect(card.getByTestId('assignment-status')).toHaveText(
    t('assignments.status.proceeding', { stage: t('stages.ES') }),
  );
  await card.getByRole('link', { name: t('assignments.join.enter') }).click();
  await expect(learner).toHaveURL(/\/performances\/info$/);
  await expect(learner.getByTestId('task-info-description')).toHaveText('세 단계로 진행하는 과제입니다.');
  await expect(learner.getByRole('tab', { name: t('stages.ES') })).toBeEnabled();
  await expect(learner.getByTestId('performance-tab-PE')).toHaveAttribute('data-locked', 'true');
  await expect(learner.getByTestId('performance-tab-FE')).toHaveAttribute('data-locked', 'true');

  // The visit is recorded: the management table shows one learner who has read the task.
  await prof.reload();
  await expect(
    prof.getByTestId('progress-table').getByText(t('assignments.manage.seen'), { exact: true }),
  ).toHaveCount(1);
  // A later visit sends no second attendance call (issue 36, item 11).
  const attendanceCalls: string[] = [];
  learner.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/attendance/')) attendanceCalls.push(r.url());
  });
  await learner.reload();
  await expect(learner.getByTestId('task-info-description')).toBeVisible();
  await learner.waitForLoadState('networkidle');
  expect(attendanceCalls).toEqual([]);

  // 8. The instructor moves on to peer review after confirming.
  await prof.getByTestId('assignment-next-step').click();
  const confirm = prof.getByRole('dialog', { name: t('assignments.manage.nextStepTitle') });
  await expect(confirm).toContainText(t('stages.PE'));
  await confirm.getByRole('button', { name: t('assignments.manage.nextStepSubmit') }).click();
  await expect(toast(prof, t('assignments.manage.stageChanged'))).toBeVisible();
  await expect(prof.getByTestId('assignment-status')).toHaveText(
    t('assignments.status.proceeding', { stage: t('stages.PE') }),
  );
  await expect(prof.getByTestId('timeline-step-ES')).toHaveAttribute('data-state', 'done');
  await expect(prof.getByTestId('timeline-step-PE')).toHaveAttribute('data-state', 'current');
  expect(prof.url()).toBe(managementUrl);

  // 9. The learner sees the new stage: its tab opens on the peer-review work.
  await learner.reload();
  await expect(learner.getByTestId('task-info-status')).toHaveText(
    t('assignments.status.proceeding', { stage: t('stages.PE') }),
  );
  await learner.getByRole('tab', { name: t('stages.PE') }).click();
  await expect(learner).toHaveURL(/\/performances\/PE$/);
  await expect(
    learner.locator(
      '[data-testid="peer-review-list"], [data-testid="no-reviews"], [data-testid="no-essay-to-review"]',
    ),
  ).toBeVisible();
  await expect(learner.getByTestId('performance-tab-FE')).toHaveAttribute('data-locked', 'true');
});
