import { randomBytes } from 'node:crypto';
import { courses, enrollments } from '../src/db/schema';
import { createOrganisation, createUser, signInAs, type TestApp } from './helpers';

/**
 * The smallest valid stage list of the assignment editor: an essay and a peer review with one
 * standard, scored 70/15/15. Send it as the `progresses` field (JSON text) of a multipart form.
 */
export const ESSAY_AND_PEER_REVIEW = [
  { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 2500, max_writing_score: 70 } },
  {
    model: 'peerreview',
    stage_object: {
      peer_count: 1,
      max_review_score: 15,
      max_metacognition_score: 15,
      standards: [{ question: '논지가 분명한가?', max_point: 6 }],
    },
  },
];

/** A multipart body for app.inject: text fields (arrays repeat) and files. */
export function multipart(
  fields: Record<string, string | string[]>,
  files: { field?: string; name: string; content: Buffer | string; type?: string }[] = [],
) {
  const boundary = `----pw${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
      );
    }
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type Actor =
  | 'instructor'
  | 'assistant'
  | 'assistantTakingPart'
  | 'learner'
  | 'withdrawn'
  | 'outsider'
  | 'staff'
  | 'anonymous'
  | 'otherOrg';
export const ACTORS: Actor[] = [
  'instructor',
  'assistant',
  'assistantTakingPart',
  'learner',
  'withdrawn',
  'outsider',
  'staff',
  'anonymous',
  'otherOrg',
];

/**
 * A course with every kind of actor: its instructor, an assistant, a learner, a withdrawn
 * learner, a learner of another course, a staff user, nobody, and a user of another
 * organisation (who calls from that organisation's host). With `assistantTakingPart`, a second
 * assistant of the course (code A2), whom the permission matrix has take part in its
 * assignments while the first does not; without it she does not exist (her token is undefined).
 */
export async function createCourseWorld(t: TestApp, options: { assistantTakingPart?: boolean } = {}) {
  const org = await createOrganisation(t, { subdomain: null, name: 'World U' });
  const other = await createOrganisation(t, { subdomain: 'other', name: 'Other U' });
  const tag = randomBytes(3).toString('hex');
  const mk = (name: string, extra: Record<string, unknown> = {}) =>
    createUser(t, org.id, { email: `${name}-${tag}@example.com`, name, ...extra });
  const instructor = await mk('instructor', { role: 'I' });
  const assistant = await mk('assistant');
  const assistantTakingPart = options.assistantTakingPart ? await mk('assistant2') : undefined;
  const learner = await mk('learner');
  const withdrawn = await mk('withdrawn');
  const outsider = await mk('outsider');
  const staff = await mk('staff', { isStaff: true, role: 'I' });
  const otherOrgUser = await createUser(t, other.id, {
    email: `other-${tag}@example.com`,
    name: 'other',
    role: 'I',
  });

  const newCourse = async (name = '테스트 강의') => {
    const [course] = await t.database.db
      .insert(courses)
      .values({
        organisationId: org.id,
        instructorId: instructor.id,
        name,
        code: randomBytes(3).toString('hex').toUpperCase(),
      })
      .returning();
    await t.database.db
      .insert(enrollments)
      .values([
        { courseId: course!.id, userId: assistant.id, code: 'A1', isAssistant: true },
        { courseId: course!.id, userId: learner.id, code: 'L1' },
        { courseId: course!.id, userId: withdrawn.id, code: 'W1', isActive: false },
        ...(assistantTakingPart
          ? [{ courseId: course!.id, userId: assistantTakingPart.id, code: 'A2', isAssistant: true }]
          : []),
      ]);
    return course!;
  };
  const course = await newCourse();
  const [otherCourse] = await t.database.db
    .insert(courses)
    .values({
      organisationId: org.id,
      instructorId: staff.id,
      name: '다른 강의',
      code: `O${tag}`.toUpperCase(),
    })
    .returning();
  await t.database.db
    .insert(enrollments)
    .values({ courseId: otherCourse!.id, userId: outsider.id, code: 'O1' });
  const [otherOrgCourse] = await t.database.db
    .insert(courses)
    .values({
      organisationId: other.id,
      instructorId: otherOrgUser.id,
      name: '남의 기관 강의',
      code: `X${tag}`.toUpperCase(),
    })
    .returning();

  const tokens: Record<Actor, string | undefined> = {
    instructor: await signInAs(t, instructor.email),
    assistant: await signInAs(t, assistant.email),
    assistantTakingPart: assistantTakingPart ? await signInAs(t, assistantTakingPart.email) : undefined,
    learner: await signInAs(t, learner.email),
    withdrawn: await signInAs(t, withdrawn.email),
    outsider: await signInAs(t, outsider.email),
    staff: await signInAs(t, staff.email),
    anonymous: undefined,
    otherOrg: await signInAs(t, otherOrgUser.email, 'other.peer.test'),
  };
  const hostOf = (actor: Actor) => (actor === 'otherOrg' ? 'other.peer.test' : 'localhost');
  return {
    org,
    other,
    users: { instructor, assistant, assistantTakingPart, learner, withdrawn, outsider, staff, otherOrgUser },
    course,
    otherCourse: otherCourse!,
    otherOrgCourse: otherOrgCourse!,
    newCourse,
    tokens,
    hostOf,
  };
}
