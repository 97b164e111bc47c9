import { expect, type Page, test } from '@playwright/test';
import { api, COURSE, PHONE, shot, signIn, t, toast } from './support';

// Issue 12: a learner writes and submits an essay with a file and answers the questions; the
// question reminder shows once; the instructor advances; the learner revises, zooms and compares;
// the instructor reads the work; a DRAFT essay and planted markup render inert; a phone too.

const RUNNING = 2; // the demo course's essay-stage assignment ("2차 과제")

test('a learner writes, attaches, answers, revises and compares; the instructor reads it', async ({
  browser,
}) => {
  const me = await signIn(browser, 'student06@example.com');
  await me.goto(`${COURSE}/learner/assignments/${RUNNING}/performances/ES`);
  const work = me.getByTestId('essay-work');
  await expect(work).toBeVisible();
  const save = me.getByTestId('save-work');
  await expect(save).toHaveText(t('work.stored'));
  await expect(save).toBeDisabled();

  // Write: the counter follows, the button offers to save and submit.
  const editor = me.locator('[data-testid="essay-editor"] .ql-editor');
  await editor.click();
  await me.keyboard.type('기술은 글쓰기를 바꾸었다. 그러나 생각하는 수고는 그대로다.');
  await expect(me.getByTestId('length-counter')).toContainText('33 / 2500');
  await expect(save).toHaveText(t('work.saveSubmit'));
  await shot(me, 'essay-wide-ko');
  await save.click();
  await expect(toast(me, t('work.submitted'))).toBeVisible();
  await expect(save).toHaveText(t('work.stored'));
  // The question reminder, one second later, once per page.
  await expect(toast(me, t('work.reminderTitle'))).toBeVisible({ timeout: 5000 });

  // Attach a pdf: it is listed with a delete button that names it; the save button wakes up.
  await me.locator('input[type="file"]').setInputFiles({
    name: '초고-메모.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 e2e'),
  });
  await expect(toast(me, t('work.fileCreated'))).toBeVisible();
  await expect(work.getByRole('link', { name: '초고-메모.pdf' })).toBeVisible();
  await expect(save).toHaveText(t('work.saveSubmit'));

  // Answer the questions.
  await me.getByTestId('answer-0').fill('두 번째 문단의 근거가 약한 것 같습니다.');
  await me.getByTestId('answer-1').fill('결론을 봐 주세요.');
  await me.getByTestId('save-answers').click();
  await expect(toast(me, t('work.answersSaved'))).toBeVisible();

  // A reload keeps everything; the reminder does not come back.
  await me.reload();
  await expect(me.locator('[data-testid="essay-editor"] .ql-editor')).toContainText(
    '생각하는 수고는 그대로다',
  );
  await expect(me.getByTestId('answer-1')).toHaveValue('결론을 봐 주세요.');
  await me.waitForTimeout(1500);
  await expect(toast(me, t('work.reminderTitle'))).toHaveCount(0);

  // Unsaved text survives a reload too (kept in the browser until the server has it).
  await me.locator('[data-testid="essay-editor"] .ql-editor').click();
  await me.keyboard.press('End');
  await me.keyboard.type(' 추가 문장');
  await me.waitForTimeout(200);
  me.once('dialog', (d) => void d.accept());
  await me.reload();
  await expect(toast(me, t('work.draftRestored'))).toBeVisible();
  await expect(me.locator('[data-testid="essay-editor"] .ql-editor')).toContainText('추가 문장');
  await me.getByTestId('save-work').click();
  await expect(toast(me, t('work.submitted'))).toBeVisible();

  // The instructor sees it, and moves the assignment on to feedback and revision.
  const prof = await signIn(browser, 'prof@example.com');
  const essay = await api(me, 'GET', `${COURSE}/assignments/${RUNNING}/`);
  const essayId = essay.json.performance_id as number;
  await prof.goto(`${COURSE}/instructor/assignments/${RUNNING}`);
  await prof.getByTestId(`open-work-${essayId}`).click();
  await expect(prof).toHaveURL(new RegExp(`/assignments/${RUNNING}/performances/${essayId}$`));
  await expect(prof.getByTestId('manager-work-view')).toContainText('추가 문장');
  await expect(
    prof.getByTestId('manager-work-view').getByRole('link', { name: '초고-메모.pdf' }),
  ).toBeVisible();
  // Submitted, and its back link names where it goes (it read "← 글쓰기", the stage's name).
  await expect(prof.getByTestId('manager-work-view')).toContainText(t('work.submittedBadge'));
  await prof
    .getByTestId('manager-work-view')
    .getByRole('link', { name: `← ${t('assignments.form.backToAssignment')}` })
    .click();
  await expect(prof).toHaveURL(new RegExp(`/instructor/assignments/${RUNNING}$`));
  await expect(prof.getByTestId(`open-work-${essayId}`)).toBeVisible();
  for (const stage of ['ES', 'PE']) {
    const moved = await api(prof, 'PATCH', `${COURSE}/assignments/${RUNNING}/move-to-next-stage/`, {
      expected_stage: stage,
    });
    expect(moved.status).toBe(200);
  }

  // The essay is closed now, with its message.
  await me.goto(`${COURSE}/learner/assignments/${RUNNING}/performances/ES`);
  await expect(me.getByTestId('read-only-message')).toHaveText(t('work.readOnlyEssay'));
  await expect(me.getByTestId('questions-read-only')).toHaveText(t('work.readOnlyQuestions'));

  // Revise: the editor starts from the essay; zoom; compare.
  await me.goto(`${COURSE}/learner/assignments/${RUNNING}/performances/FE`);
  const revision = me.getByTestId('revision-work');
  await expect(revision).toBeVisible();
  const revEditor = me.locator('[data-testid="essay-editor"] .ql-editor');
  await expect(revEditor).toContainText('생각하는 수고는 그대로다');
  await expect(me.getByTestId('save-work')).toHaveText(t('work.saveSubmit'));
  await revEditor.click();
  await me.keyboard.press('Control+End');
  await me.keyboard.type(' 그래서 느리게 생각하는 시간이 필요하다.');
  await expect(me.getByTestId('zoom-width')).toHaveText('100%');
  await me.getByRole('button', { name: t('work.zoomOut') }).click();
  await expect(me.getByTestId('zoom-width')).toHaveText('87.5%');
  await me.getByTestId('retrospective').fill('결론에 근거를 보탰다.');
  await me.getByTestId('compare-button').click();
  await expect(me.getByTestId('diff-added').first()).toContainText('느리게');
  await shot(me, 'compare-wide-ko');
  await me.keyboard.press('Escape');
  await me.getByTestId('save-work').click();
  await expect(toast(me, t('work.revisionSaved'))).toBeVisible();
  await expect(me.getByTestId('save-work')).toHaveText(t('work.stored'));
  await shot(me, 'revision-wide-ko');
});

test('the revision on a phone, in English: dropdown tabs, bottom bar, read-only essay', async ({
  browser,
}) => {
  const me = await signIn(browser, 'student06@example.com', { viewport: PHONE, lang: 'en' });
  await me.goto(`${COURSE}/learner/assignments/${RUNNING}/performances/FE`);
  await expect(me.getByTestId('performance-tab-select')).toBeVisible();
  await expect(me.getByTestId('revision-work')).toBeVisible();
  await expect(me.getByTestId('work-bottom-bar')).toBeVisible();
  await expect(me.getByTestId('save-work')).toHaveText(t('work.stored', {}, 'en'));
  await expect(me.locator('[data-testid="essay-editor"] .ql-editor')).toContainText('느리게 생각하는');
  await shot(me, 'revision-phone-en');
  await me.goto(`${COURSE}/learner/assignments/${RUNNING}/performances/ES`);
  await expect(me.getByRole('button', { name: t('work.sectionQuestions', {}, 'en') })).toBeVisible();
  await expect(me.getByTestId('read-only-message')).toHaveText(t('work.readOnlyEssay', {}, 'en'));
  await shot(me, 'essay-phone-en');
});

test('a DRAFT essay renders read-only, and planted markup never runs', async ({ browser }) => {
  const prof = await signIn(browser, 'prof@example.com');
  // student07 wrote the demo's DRAFT essay; find their essay performance through the API.
  const table = await api(prof, 'GET', `${COURSE}/assignments/${RUNNING}/management/`);
  expect(table.status).toBe(200);
  const learner = await signIn(browser, 'student30@example.com');
  // student30 has not written in the running assignment; the stage has moved on, so plant markup
  // through the late essay and check that it renders inert for the instructor.
  const mine = await api(learner, 'GET', `${COURSE}/assignments/${RUNNING}/`);
  const essayId = mine.json.progresses.find(
    (p: { model: string }) => p.model === 'essaywriting',
  ).performance_id;
  let alerted = false;
  prof.on('dialog', (d) => {
    alerted = true;
    void d.dismiss();
  });
  const planted = await api(
    learner,
    'PATCH',
    `${COURSE}/assignments/${RUNNING}/performances/${essayId}/late-essay/`,
    {
      stage_object: {
        content: {
          ops: [
            { insert: '<img src=x onerror="alert(1)"><script>alert(2)</script>' },
            { insert: 'click', attributes: { link: 'javascript:alert(3)' } },
            { insert: '\n' },
          ],
        },
      },
    },
  );
  expect(planted.status).toBe(200);
  await prof.goto(`${COURSE}/instructor/assignments/${RUNNING}/performances/${essayId}`);
  const view = prof.getByTestId('essay-view');
  await expect(view).toContainText('<script>alert(2)</script>');
  await expect(view.locator('script, img')).toHaveCount(0);
  await expect(view.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(prof.getByTestId('manager-work-view')).toContainText(t('work.lateBadge'));
  // The management table marks the late essay.
  await prof.goto(`${COURSE}/instructor/assignments/${RUNNING}`);
  await expect(prof.locator('[data-testid^="late-essay-"]')).toHaveCount(1);

  // The DRAFT essay of student07: headings, styles and the link through the converter.
  const draftOwner = await signIn(browser, 'student07@example.com');
  const theirs = await api(draftOwner, 'GET', `${COURSE}/assignments/${RUNNING}/`);
  const draftId = theirs.json.progresses.find(
    (p: { model: string }) => p.model === 'essaywriting',
  ).performance_id;
  await prof.goto(`${COURSE}/instructor/assignments/${RUNNING}/performances/${draftId}`);
  const draft = prof.locator('[data-testid="essay-view"][data-editor="DRAFT"]');
  await expect(draft.locator('h2')).toHaveText('기술과 글쓰기: 쉬워진 것과 어려워진 것');
  await expect(draft.locator('a[href="https://www.korean.go.kr"]')).toBeVisible();
  await expect(draft.locator('strong, b').first()).toBeVisible();
  await shot(prof, 'draft-view-ko');
  expect(alerted).toBe(false);
});

test('nothing typed is lost: a second tab gets both versions, a failed save keeps the text', async ({
  browser,
}) => {
  const first = await signIn(browser, 'student06@example.com');
  const second = await first.context().newPage();
  const url = `${COURSE}/learner/assignments/${RUNNING}/performances/FE`;
  await first.goto(url);
  await second.goto(url);
  const editorOf = (page: Page) => page.locator('[data-testid="essay-editor"] .ql-editor');
  await expect(editorOf(first)).toContainText('느리게');
  await expect(editorOf(second)).toContainText('느리게');

  // The first tab saves; the second, opened before, saves too and is shown both texts.
  await editorOf(first).click();
  await first.keyboard.press('Control+End');
  await first.keyboard.type(' 첫째 탭.');
  await first.getByTestId('save-work').click();
  await expect(toast(first, t('work.revisionSaved'))).toBeVisible();
  await editorOf(second).click();
  await second.keyboard.press('Control+End');
  await second.keyboard.type(' 둘째 탭.');
  await second.getByTestId('save-work').click();
  await expect(second.getByTestId('stale-dialog')).toBeVisible();
  await expect(second.getByTestId('stale-theirs')).toContainText('첫째 탭.');
  await expect(second.getByTestId('stale-mine')).toContainText('둘째 탭.');
  await second.getByTestId('keep-mine').click();
  await expect(toast(second, t('work.revisionSaved'))).toBeVisible();
  await first.reload();
  await expect(editorOf(first)).toContainText('둘째 탭.');

  // The network fails: the text stays, with the reason; the next save goes through.
  await first.route('**/performances/**', (route) =>
    route.request().method() === 'PATCH' ? route.abort() : route.continue(),
  );
  await editorOf(first).click();
  await first.keyboard.press('Control+End');
  await first.keyboard.type(' 끊긴 뒤에 쓴 문장.');
  await first.getByTestId('save-work').click();
  await expect(toast(first, t('work.offlineKept'))).toBeVisible();
  await expect(editorOf(first)).toContainText('끊긴 뒤에 쓴 문장.');
  await first.unroute('**/performances/**');
  await first.getByTestId('save-work').click();
  await expect(toast(first, t('work.revisionSaved'))).toBeVisible();
  await expect(first.getByTestId('save-work')).toHaveText(t('work.stored'));
});
