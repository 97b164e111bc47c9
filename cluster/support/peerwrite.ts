// PeerWrite's API as the cluster test calls it, through the balancer: what a browser sends.
import { type Answer, type Client, expectStatus } from './client';

export const API = '/api/v1';
export const DEMO_PASSWORD = 'demo1234';
/** The demo data's instructor (DEMO_DATA=on). */
export const INSTRUCTOR = 'prof@example.com';

/**
 * The demo data's extra learners (apps/server/src/db/seed/demo.ts: user032…user331, every 25th
 * an instructor), who take part in nothing: the burst's class.
 */
export function extraLearnerEmails(count: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count && i < 300; i++)
    if (i % 25 !== 0) out.push(`user${String(32 + i).padStart(3, '0')}@example.com`);
  if (out.length < count) throw new Error(`the demo data has only ${out.length} extra learners`);
  return out;
}

/** The demo course's learners student03… (01 and 02 assist in the demo course; not here). */
export const demoLearnerEmail = (n: number) => `student${String(n).padStart(2, '0')}@example.com`;

/** Runs `task` over `items`, at most `limit` at once, keeping the order of the results. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, i: number) => Promise<R>,
) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i] as T, i);
      }
    }),
  );
  return out;
}

export async function signIn(client: Client, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = expectStatus(
    await client.request('POST', `${API}/users/sign-in/`, { json: { email, password } }),
    200,
    `sign-in of ${email}`,
  );
  return res.json<{ token: string }>().token;
}

/** A PDF of `size` bytes (at least its header and trailer; the upload check reads its first bytes). */
export function pdf(label: string, size = 0): Blob {
  const head = `%PDF-1.4\n% ${label}\n`;
  const tail = '\n%%EOF\n';
  const body = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  return new Blob([head, body, tail], { type: 'application/pdf' });
}

/** Opens a course (multipart, with a file) and returns its id and code. */
export async function createCourse(client: Client, token: string, name: string) {
  const form = new FormData();
  form.append('name', name);
  form.append('description', 'Opened by the cluster test');
  form.append('is_instructor_learner', 'false');
  form.append('files', pdf('syllabus'), 'syllabus.pdf');
  const created = expectStatus(
    await client.request('POST', `${API}/courses/`, { token, form }),
    201,
    'creating a course',
  );
  const id = created.json<{ id: number }>().id;
  const course = expectStatus(
    await client.request('GET', `${API}/courses/${id}/`, { token }),
    200,
    'the course',
  );
  const code = course.json<{ code: string | null }>().code;
  if (!code) throw new Error('the instructor did not get the course code');
  return { id, code };
}

export async function enrol(client: Client, token: string, courseCode: string, studentId: string) {
  expectStatus(
    await client.request('POST', `${API}/enrolls/`, {
      token,
      json: { code: studentId, course_code: courseCode },
    }),
    201,
    `enrolment ${studentId}`,
  );
}

/** Creates an assignment (multipart: fields, `progresses` as JSON, files); returns its id. */
export async function createAssignment(
  client: Client,
  token: string,
  courseId: number,
  fields: Record<string, string>,
  progresses: unknown[],
  files: { blob: Blob; name: string }[] = [],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('progresses', JSON.stringify(progresses));
  for (const f of files) form.append('files', f.blob, f.name);
  const res = expectStatus(
    await client.request('POST', `${API}/courses/${courseId}/assignments/`, { token, form }),
    201,
    `creating assignment ${fields.name}`,
  );
  return res.json<{ id: number }>().id;
}

export type AssignmentView = {
  id: number;
  status: number;
  current_stage: { stage: string };
  report_id: number | null;
  progresses: { model: string; performance_id?: number | null }[];
};

export const assignmentPath = (courseId: number, assignmentId: number) =>
  `${API}/courses/${courseId}/assignments/${assignmentId}`;

export async function getAssignment(client: Client, token: string, courseId: number, assignmentId: number) {
  const res = expectStatus(
    await client.request('GET', `${assignmentPath(courseId, assignmentId)}/`, { token }),
    200,
    'reading the assignment',
  );
  return res.json<AssignmentView>();
}

/** The caller's performance id of a stage model. */
export function performanceOf(view: AssignmentView, model: string): number {
  const id = view.progresses.find((p) => p.model === model)?.performance_id;
  if (!id) throw new Error(`no ${model} performance in assignment ${view.id}`);
  return id;
}

export type PerformanceView = {
  id: number;
  version: number;
  is_completed: boolean;
  stage_object: {
    plain_text: string;
    files: { id: number; file: string; name: string; size: number }[];
    responses: { id: number; quiz: string; response: string }[] | null;
    targets: { id: number; is_self_review?: boolean }[] | null;
  };
};

export const delta = (text: string) => ({ ops: [{ insert: `${text}\n` }] });

/** A text save as the editor sends it (JSON). */
export function saveText(
  client: Client,
  token: string,
  path: string,
  text: string,
  version: number,
  extra: Record<string, unknown> = {},
): Promise<Answer> {
  return client.request('PATCH', path, {
    token,
    json: {
      stage_object: { content: delta(text), plain_text: `${text}\n`, editor_type: 'Q', ...extra },
      version,
    },
  });
}

/** The stage move the instructor confirms (by hand). */
export async function moveOn(client: Client, token: string, courseId: number, assignmentId: number) {
  expectStatus(
    await client.request('PATCH', `${assignmentPath(courseId, assignmentId)}/move-to-next-stage/`, { token }),
    200,
    'moving the assignment on',
  );
}
