import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { PHONE, api as pageApi, signIn as signInAs, t, WIDE } from './support';

// Issue 36: an assistant who takes part in an assignment has a learner's rights in it, and the
// screens follow the server's `manages`; the public/private badge is the instructor's; on a phone
// the report's comment section is the instructor's (assistants read it there).

const ko = (key: string) => t(key);
const COMPLETE = 4; // the demo's completed assignment, in which student01 took part
const WAITING = 1; // the demo's assignment waiting to start: nobody takes part yet

/** A demo account signed in at `viewport`, in Korean. */
const signIn = (browser: Browser, email: string, viewport = WIDE): Promise<Page> =>
  signInAs(browser, email, { viewport });

/** Switches assistant mode on from the course page, as an assistant does. */
async function assistantMode(page: Page, courseId: number) {
  await page.goto(`/courses/${courseId}/learner`);
  await page.getByRole('button', { name: ko('courses.assistantMode') }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/assistant$`));
}

test('an assistant who takes part in an assignment gets its learner side; the others she runs', async ({
  browser,
}) => {
  const page = await signIn(browser, 'student01@example.com');
  await assistantMode(page, 1);
  // The completed assignment she took part in: a learner's button, no management.
  const done = page.getByTestId(`assignment-card-${COMPLETE}`);
  await expect(done).toBeVisible();
  await expect(page.getByTestId(`assignment-manage-${COMPLETE}`)).toHaveCount(0);
  // The assignment waiting to start: she runs it.
  await expect(page.getByTestId(`assignment-manage-${WAITING}`)).toBeVisible();
  // The public/private badge is the instructor's alone.
  await expect(page.getByTestId('assignment-visibility')).toHaveCount(0);

  // Its management, score, matching and editor pages send her to her own tabs, as a learner.
  for (const sub of ['', '/score', '/matchings', '/edit']) {
    await page.goto(`/courses/1/assistant/assignments/${COMPLETE}${sub}`);
    await expect(page).toHaveURL(new RegExp(`/courses/1/learner/assignments/${COMPLETE}/performances/info$`));
  }
  await page.goto(`/courses/1/assistant/assignments/${WAITING}`);
  await expect(page.getByRole('button', { name: ko('assignments.manage.export') })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/courses/1/assistant/assignments/${WAITING}$`));
  // The course results show the completed assignment she took part in: no link to them.
  await page.goto('/courses/1/assistant');
  await expect(page.getByRole('button', { name: ko('courses.manageStudents') })).toBeVisible();
  await expect(page.getByTestId('course-results-link')).toHaveCount(0);

  const prof = await signIn(browser, 'prof@example.com');
  await prof.goto('/courses/1/instructor');
  await expect(prof.getByTestId('assignment-visibility').first()).toBeVisible();
  await expect(prof.getByTestId('course-results-link')).toBeVisible();
});

test('an assistant address opened without assistant mode shows her learner page and asks for nothing she may not read', async ({
  browser,
}) => {
  const page = await signIn(browser, 'student01@example.com', PHONE);
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 400) refused.push(`${res.status()} ${res.url()}`);
  });
  // A reload of an assistant's address (the early requests run): her learner's page of it.
  await page.goto(`/courses/1/assistant/assignments/${COMPLETE}`);
  await expect(page).toHaveURL(new RegExp(`/courses/1/learner/assignments/${COMPLETE}/performances/info$`));
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  // With assistant mode on: the assignment she took part in is still her learner's page, and
  // the one she runs is her management page, its table asked for early.
  await assistantMode(page, 1);
  await page.goto(`/courses/1/assistant/assignments/${COMPLETE}`);
  await expect(page).toHaveURL(new RegExp(`/courses/1/learner/assignments/${COMPLETE}/performances/info$`));
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  await page.goto(`/courses/1/assistant/assignments/${WAITING}`);
  await expect(page.getByRole('button', { name: ko('assignments.manage.export') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  await page.context().close();
});

/** The API as one user (JSON). */
async function api(request: APIRequestContext, email: string) {
  const signed = await request.post('/api/v1/users/sign-in/', { data: { email, password: 'demo1234' } });
  expect(signed.ok()).toBe(true);
  const headers = { Authorization: `Token ${(await signed.json()).token}` };
  const send = async (method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown, multipart?: unknown) => {
    const res = await request.fetch(`/api/v1${url}`, {
      method,
      headers,
      ...(data !== undefined ? { data } : {}),
      ...(multipart !== undefined ? { multipart: multipart as Record<string, string> } : {}),
    });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return res.status() === 204 ? null : res.json();
  };
  return send;
}

test('on a phone the comment section is the instructor’s: an assistant reads it, on a wide screen she writes it', async ({
  browser,
  request,
}) => {
  // A course of its own: two learners write and review; a third learner joins after the
  // assignment started (so she does not take part in it) and is made an assistant.
  const prof = await api(request, 'prof@example.com');
  const made = await prof('POST', '/courses/', undefined, { name: '역할 확인 강의', description: '' });
  const course = (await prof('GET', `/courses/${made.id}/`)) as { id: number; code: string };
  const [writerA, writerB, helper] = ['user033', 'user034', 'user035'].map((u) => `${u}@example.com`);
  const as = { a: await api(request, writerA!), b: await api(request, writerB!) };
  await as.a('POST', '/enrolls/', { code: 'R-1', course_code: course.code });
  await as.b('POST', '/enrolls/', { code: 'R-2', course_code: course.code });
  const a = await prof('POST', `/courses/${course.id}/assignments/`, undefined, {
    name: '역할 과제',
    description: '설명',
    is_directly_starting: 'true',
    progresses: JSON.stringify([
      { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 70 } },
      {
        model: 'peerreview',
        stage_object: {
          peer_count: 1,
          max_review_score: 15,
          max_metacognition_score: 15,
          standards: [{ question: '논지', max_point: 6 }],
        },
      },
    ]),
  });
  const base = `/courses/${course.id}/assignments/${a.id}`;
  for (const send of [as.a, as.b]) {
    const mine = await send('GET', `${base}/`);
    await send('PATCH', `${base}/performances/${mine.performance_id}/`, {
      stage_object: { content: { ops: [{ insert: '에세이\n' }] } },
    });
  }
  await prof('PATCH', `${base}/move-to-next-stage/`);
  for (const send of [as.a, as.b]) {
    const mine = await send('GET', `${base}/`);
    const work = await send('GET', `${base}/performances/${mine.performance_id}/`);
    for (const target of work.stage_object.targets as { id: number }[])
      await send('PATCH', `${base}/performances/peerreview-matching/${target.id}/`, {
        responses: [{ id: 0, point: 4, comment: '의견' }],
      });
  }
  await prof('PATCH', `${base}/move-to-next-stage/`);
  const reportId = (await as.a('GET', `${base}/`)).report_id as number;
  await prof('PATCH', `${base}/reports/${reportId}/`, { comment: { content: '교수자의 의견입니다.' } });
  const assistant = await api(request, helper!);
  await assistant('POST', '/enrolls/', { code: 'R-3', course_code: course.code });
  const rows = (await prof('GET', `/courses/${course.id}/learners/`)) as {
    id: number;
    user: { email: string };
  }[];
  const row = rows.find((r) => r.user.email === helper);
  await prof('PATCH', `/enrolls/${row!.id}/enroll-change/`, { is_assistant: true });
  const reportPath = `/courses/${course.id}/assistant/assignments/${a.id}/reports/${reportId}`;

  // On a phone: the comment is shown, read-only.
  const phone = await signIn(browser, helper!, PHONE);
  await assistantMode(phone, course.id);
  await phone.goto(reportPath);
  const section = phone.getByTestId('report-comment');
  await expect(section).toBeVisible();
  await expect(section.getByText('교수자의 의견입니다.')).toBeVisible();
  await expect(section.getByRole('textbox')).toHaveCount(0);
  await expect(section.getByRole('button', { name: ko('report.saveComment') })).toHaveCount(0);

  // On a wide screen she writes it.
  const wide = await signIn(browser, helper!, WIDE);
  await assistantMode(wide, course.id);
  await wide.goto(reportPath);
  await expect(wide.getByTestId('report-comment').getByRole('textbox')).toHaveValue('교수자의 의견입니다.');

  // On a phone the instructor writes it.
  const profPhone = await signIn(browser, 'prof@example.com', PHONE);
  await profPhone.goto(`/courses/${course.id}/instructor/assignments/${a.id}/reports/${reportId}`);
  await expect(profPhone.getByTestId('report-comment').getByRole('textbox')).toBeVisible();
});

test('an instructor who takes part switches to the learner view and back (part 1 §4)', async ({
  browser,
}) => {
  const prof = await signIn(browser, 'prof@example.com');
  const created = await pageApi(prof, 'POST', '/courses/', undefined, {
    name: '모드 전환 과목',
    description: '',
    is_instructor_learner: 'true',
  });
  expect(created.status).toBe(201);
  const id = created.json.id as number;
  await prof.goto(`/courses/${id}/instructor`);
  await expect(prof.getByTestId('course-name')).toHaveText('모드 전환 과목');
  await expect(prof.getByRole('button', { name: ko('courses.instructorMode') })).toHaveCount(0);
  await prof.getByRole('button', { name: ko('courses.studentMode') }).click();
  await expect(prof).toHaveURL(new RegExp(`/courses/${id}/learner$`));
  await expect(prof.getByRole('button', { name: ko('courses.assistantMode') })).toHaveCount(0);
  await prof.getByRole('button', { name: ko('courses.instructorMode') }).click();
  await expect(prof).toHaveURL(new RegExp(`/courses/${id}/instructor$`));
  // A course the instructor does not take part in offers no learner view.
  await prof.goto('/courses/1/instructor');
  await expect(prof.getByTestId('course-name')).toBeVisible();
  await expect(prof.getByRole('button', { name: ko('courses.studentMode') })).toHaveCount(0);
});
