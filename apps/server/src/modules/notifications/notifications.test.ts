import { PARTICIPATION_STATUS, STAFF_NOTIFICATION_KINDS } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCourseWorld } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { headerOf, plainTextOf, startSmtpServer } from '../../../test/smtp';
import {
  enrollments,
  notifications,
  organisations,
  participations,
  performances,
  stages,
  users,
} from '../../db/schema';
import { QUEUES } from '../../jobs/queues';
import { assignmentForm, progresses } from '../assignments/assignments.test-kit';
import { sendDigests } from './digest';
import { sendDueReminders } from './reminders';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    PUBLIC_URL: 'http://school.example:8000',
  });
  w = await createCourseWorld(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.inbox.length = 0;
});

/** Lets the queued sweep and the mails it queues run to the end. */
async function mailsSent() {
  await t.app.jobs.sweepNotifications();
  await t.app.jobs.settled([QUEUES.notificationMails, QUEUES.mail]);
}

const bell = (token: string | undefined, lang = 'ko', query = '') =>
  call(t, {
    method: 'GET',
    url: `/api/v1/notifications/${query}`,
    token,
    headers: { 'accept-language': lang },
  });

async function startAssignment(dated = false) {
  const created = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/`,
    token: w.tokens.instructor,
    ...assignmentForm({ is_directly_starting: true }, progresses({ dates: dated })),
  });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: number };
}

/**
 * The world's assistant as one who runs the assignment rather than takes part in it (she joined the
 * course after it started): every active member joins an assignment when it starts, and an
 * assistant who takes part has a learner's rights there (courses.policy.ts, `inAssignment`).
 */
async function assistantRuns(assignmentId: number) {
  const seat = await seatOf(w.users.assistant.id);
  await t.database.db
    .delete(participations)
    .where(and(eq(participations.assignmentId, assignmentId), eq(participations.enrollmentId, seat)));
  return seat;
}

/** The enrolment id of a member of the world's course. */
async function seatOf(userId: number) {
  const [seat] = await t.database.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, userId)));
  return seat!.id;
}

const move = (assignmentId: number) =>
  call(t, {
    method: 'PATCH',
    url: `/api/v1/courses/${w.course.id}/assignments/${assignmentId}/move-to-next-stage/`,
    token: w.tokens.instructor,
  });

describe('notifications', () => {
  it('an assignment that opens tells each participant once, in the bell and by mail in their language', async () => {
    // The learner last used English (the bell remembers it); the assistant, who takes part, Korean.
    expect((await bell(w.tokens.learner, 'en')).json()).toMatchObject({ count: 0, unread: 0, results: [] });
    const a = await startAssignment();

    const mine = (await bell(w.tokens.learner, 'en')).json();
    expect(mine).toMatchObject({ count: 1, unread: 1 });
    expect(mine.results[0]).toMatchObject({
      kind: 'stage_open',
      link: `/courses/${w.course.id}/learner/assignments/${a.id}/performances`,
      read_at: null,
    });
    expect(mine.results[0].title).toMatch(/has started$/);
    expect(mine.results[0].body).toContain('no deadline set');
    const theirs = (await bell(w.tokens.assistant)).json();
    expect(theirs.results[0].title).toMatch(/단계가 시작되었습니다$/);
    // The instructor does not take part, and the withdrawn learner is no longer in the course.
    expect((await bell(w.tokens.instructor)).json().count).toBe(0);
    expect((await bell(w.tokens.withdrawn)).json().count).toBe(0);

    await mailsSent();
    const byPerson = Object.fromEntries(smtp.inbox.map((m) => [m.to[0], m.raw]));
    expect(Object.keys(byPerson).sort()).toEqual([w.users.assistant.email, w.users.learner.email].sort());
    const english = byPerson[w.users.learner.email] ?? '';
    expect(headerOf(english, 'subject')).toMatch(/^\[World U\] .* has started$/);
    expect(plainTextOf(english)).toContain(
      `Open in PeerWrite: http://school.example:8000/courses/${w.course.id}/learner/assignments/${a.id}/performances`,
    );
    expect(headerOf(english, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(english, 'list-unsubscribe')).toMatch(
      /^<http:\/\/school\.example:8000\/accounts\/unsubscribe\/\?u=\d+&k=stage_open&s=[\w-]+>$/,
    );
    expect(headerOf(byPerson[w.users.assistant.email] ?? '', 'subject')).toMatch(/단계가 시작되었습니다$/);

    // Sweeping again mails nothing more: each notification is mailed once.
    smtp.inbox.length = 0;
    await mailsSent();
    expect(smtp.inbox).toHaveLength(0);
  });

  it('peer review is announced to those with reviews to write; completion tells everyone their scores are ready', async () => {
    const a = await startAssignment();
    // Nobody finished an essay: entering peer review gives nobody work.
    expect((await move(a.id)).json().current_stage.stage).toBe('PE');
    const kinds = async (token: string | undefined) =>
      (await bell(token)).json().results.filter((n: { link: string }) => n.link.includes(`/${a.id}/`));
    expect((await kinds(w.tokens.learner)).map((n: { kind: string }) => n.kind)).toEqual(['stage_open']);
    expect((await move(a.id)).json().current_stage.stage).toBe('CO');
    expect((await kinds(w.tokens.learner)).map((n: { kind: string }) => n.kind)).toEqual([
      'scores_ready',
      'stage_open',
    ]);
  });

  it('one-click unsubscribe works signed out, for that kind only; a forged link changes nothing', async () => {
    await startAssignment();
    await mailsSent();
    // The opening's mail (a mail of an earlier test's event may still arrive after the inbox was emptied).
    const raw =
      smtp.inbox.find(
        (m) =>
          m.to[0] === w.users.learner.email &&
          (headerOf(m.raw, 'list-unsubscribe') ?? '').includes('k=stage_open'),
      )?.raw ?? '';
    const url = new URL((headerOf(raw, 'list-unsubscribe') ?? '').slice(1, -1));
    const path = `${url.pathname}${url.search}`;

    const forged = await call(t, {
      method: 'POST',
      url: path.replace(/s=./, (m) => (m === 's=x' ? 's=y' : 's=x')),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    const settings = () =>
      call(t, { method: 'GET', url: '/api/v1/users/notification-settings/', token: w.tokens.learner });
    expect((await settings()).json().mail.stage_open).toBe(true);
    // Each is asked only about what they can receive: the learner not about the digest, the
    // instructor not about reminders (they take part in no course as a learner).
    expect((await settings()).json().kinds).toEqual([
      'stage_open',
      'reminder',
      'scores_ready',
      'objection_answered',
      'late_approved',
      'extension_granted',
      'reviews_short',
    ]);
    const of = async (token: string | undefined) =>
      (await call(t, { method: 'GET', url: '/api/v1/users/notification-settings/', token })).json().kinds;
    expect(await of(w.tokens.instructor)).toEqual(['objection_filed', 'late_request', 'digest']);
    expect(await of(w.tokens.assistant)).toEqual(['objection_filed', 'late_request', 'digest']);

    const page = await call(t, { method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    // In the language the learner last used (Korean: the bell was last read in Korean).
    expect(page.body).toContain('메일 그만 받기');
    const done = await call(t, {
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect((await settings()).json().mail).toMatchObject({
      stage_open: false,
      scores_ready: true,
      reminder: true,
    });

    // The next opening is in the learner's bell but not in their mail.
    smtp.inbox.length = 0;
    await startAssignment();
    await mailsSent();
    const opening = smtp.inbox.filter((m) =>
      (headerOf(m.raw, 'list-unsubscribe') ?? '').includes('k=stage_open'),
    );
    expect(opening.map((m) => m.to[0])).toEqual([w.users.assistant.email]);
    expect((await bell(w.tokens.learner)).json().unread).toBeGreaterThan(0);

    // And back on from My page.
    const on = await call(t, {
      method: 'PATCH',
      url: '/api/v1/users/notification-settings/',
      token: w.tokens.learner,
      payload: { mail: { stage_open: true } },
    });
    expect(on.json().mail.stage_open).toBe(true);
    const bad = await call(t, {
      method: 'PATCH',
      url: '/api/v1/users/notification-settings/',
      token: w.tokens.learner,
      payload: { mail: { nonsense: false } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('read one, read all; nobody reads or marks what is not theirs', async () => {
    await startAssignment();
    const list = (await bell(w.tokens.learner)).json();
    const first = list.results[0] as { id: number };
    const theirs = await call(t, {
      method: 'PATCH',
      url: `/api/v1/notifications/${first.id}/`,
      token: w.tokens.assistant,
      payload: { read: true },
    });
    expect(theirs.statusCode).toBe(404);
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url: `/api/v1/notifications/${first.id}/`,
          token: w.tokens.learner,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    const read = await call(t, {
      method: 'PATCH',
      url: `/api/v1/notifications/${first.id}/`,
      token: w.tokens.learner,
      payload: { read: true },
    });
    expect(read.json().read_at).not.toBeNull();
    expect((await bell(w.tokens.learner)).json().unread).toBe(list.unread - 1);
    const all = await call(t, {
      method: 'POST',
      url: '/api/v1/notifications/read-all/',
      token: w.tokens.learner,
    });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await bell(w.tokens.learner)).json().unread).toBe(0);
    // The assistant's own stay unread.
    expect((await bell(w.tokens.assistant)).json().unread).toBeGreaterThan(0);
    expect((await bell(undefined)).statusCode).toBe(401);
    // Paged, newest first.
    const page = (await bell(w.tokens.learner, 'ko', '?page_size=1')).json();
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('page=2');
  });

  it('a late request tells the instructor and assistants; its approval tells the learner', async () => {
    const a = await startAssignment();
    await assistantRuns(a.id);
    const late = await createUser(t, w.org.id, { email: `late-${a.id}@example.com`, name: '늦은 학습자' });
    const [enrollment] = await t.database.db
      .insert(enrollments)
      .values({ courseId: w.course.id, userId: late.id, code: `LT${a.id}` })
      .returning();
    const token = await signInAs(t, late.email);
    const asked = await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/late-participation/`,
      token,
    });
    expect(asked.statusCode).toBe(200);
    const staffNews = async (tok: string | undefined) =>
      (await bell(tok)).json().results.filter((n: { kind: string }) => n.kind === 'late_request');
    const [forInstructor] = await staffNews(w.tokens.instructor);
    expect(forInstructor).toMatchObject({
      link: `/courses/${w.course.id}/instructor/assignments/${a.id}`,
    });
    expect(forInstructor.body).toContain('늦은 학습자');
    expect((await staffNews(w.tokens.assistant))[0].link).toBe(
      `/courses/${w.course.id}/assistant/assignments/${a.id}`,
    );
    // Asking again adds nothing.
    await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/late-participation/`,
      token,
    });
    expect(await staffNews(w.tokens.instructor)).toHaveLength(1);

    const approved = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/participations/${enrollment!.id}/approve/`,
      token: w.tokens.instructor,
    });
    expect(approved.statusCode).toBe(200);
    expect((await bell(token)).json().results.map((n: { kind: string }) => n.kind)).toEqual([
      'late_approved',
    ]);
    // Its mail goes to the learner (in Korean: they never used another language).
    await mailsSent();
    const toLearner = smtp.inbox.filter((m) => m.to[0] === late.email);
    expect(toLearner).toHaveLength(1);
    expect(headerOf(toLearner[0]?.raw ?? '', 'subject')).toContain('이제 참여할 수 있습니다');
    const stored = await t.database.db
      .select({ mail: notifications.mail })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(users.id, late.id)));
    expect(stored.map((s) => s.mail)).toEqual(['queued']);
  });

  it('reminds those with work left 24 h before the stage ends, once, and nobody who is done or whose organisation said no', async () => {
    const a = await startAssignment(true);
    smtp.inbox.length = 0;
    const [essay] = await t.database.db
      .select()
      .from(stages)
      .where(and(eq(stages.assignmentId, a.id), eq(stages.model, 'essaywriting')));
    const end = essay!.endAt!.getTime();
    const reminders = async (userId: number) =>
      (
        await t.database.db
          .select({ key: notifications.key })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'reminder')))
      ).filter((n) => n.key.startsWith(`reminder:${a.id}:`));

    // The learner finishes the essay; the assistant, who takes part too, does not.
    const learnerSeat = await seatOf(w.users.learner.id);
    await t.database.db
      .update(performances)
      .set({ isCompleted: true })
      .where(and(eq(performances.stageId, essay!.id), eq(performances.enrollmentId, learnerSeat)));

    // Organisation switched reminders off: nothing at the moment.
    await t.database.db.update(organisations).set({ reminders: false }).where(eq(organisations.id, w.org.id));
    expect(await sendDueReminders(t.database.db, new Date(end - 24 * 3_600_000), [24])).toBe(0);
    await t.database.db.update(organisations).set({ reminders: true }).where(eq(organisations.id, w.org.id));

    // A second before the moment: nothing; at the moment: the assistant only; again later: no repeat.
    expect(await sendDueReminders(t.database.db, new Date(end - 24 * 3_600_000 - 1000), [24])).toBe(0);
    // (The late learner of the test above takes part as well.)
    expect(await sendDueReminders(t.database.db, new Date(end - 24 * 3_600_000), [24])).toBeGreaterThan(0);
    await sendDueReminders(t.database.db, new Date(end - 3_600_000), [24]);
    expect(await reminders(w.users.assistant.id)).toEqual([{ key: `reminder:${a.id}:0:24` }]);
    expect(await reminders(w.users.learner.id)).toEqual([]);
    // After the end: none.
    expect(await sendDueReminders(t.database.db, new Date(end + 1000), [24])).toBe(0);

    const [shown] = (await bell(w.tokens.assistant, 'en')).json().results;
    expect(shown.kind).toBe('reminder');
    expect(shown.title).toMatch(/ends soon$/);
    expect(shown.body).toContain('Your work in this stage is not finished yet.');
    await mailsSent();
    // Mailed in English: the assistant has just read the bell in English.
    const mailed = smtp.inbox.filter(
      (m) => m.to[0] === w.users.assistant.email && /ends soon$/.test(headerOf(m.raw, 'subject') ?? ''),
    );
    expect(mailed).toHaveLength(1);
  });

  it("the instructor's and assistants' daily digest: once a day from 8:00 Seoul time, only when something is left to do", async () => {
    const a = await startAssignment();
    await assistantRuns(a.id);
    const digests = async (userId: number) =>
      (
        await t.database.db
          .select({ key: notifications.key, params: notifications.params })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'digest')))
      ).filter((n) => n.key.startsWith(`digest:${a.id}:`));
    // 07:59 in Seoul is 22:59 UTC the day before: too early.
    expect(await sendDigests(t.database.db, new Date('2031-03-09T22:59:00Z'))).toBe(0);
    expect(await sendDigests(t.database.db, new Date('2031-03-09T23:00:00Z'))).toBeGreaterThan(0);
    // Once that day, whatever the passes.
    expect(await sendDigests(t.database.db, new Date('2031-03-10T05:00:00Z'))).toBe(0);
    const [forInstructor] = await digests(w.users.instructor.id);
    expect(forInstructor?.key).toBe(`digest:${a.id}:2031-03-10`);
    // Nobody has written the essay, nobody opened the assignment.
    expect(forInstructor?.params).toMatchObject({
      stage: 'ES',
      done: 0,
      notStarted: forInstructor?.params.total,
    });
    expect(await digests(w.users.assistant.id)).toHaveLength(1);
    expect(await digests(w.users.learner.id)).toEqual([]);
    const shown = (await bell(w.tokens.instructor, 'en'))
      .json()
      .results.find((n: { kind: string }) => n.kind === 'digest');
    expect(shown.body).toMatch(
      /Essay writing: 0 of \d+ done · not opened the assignment yet \(\d+\): .*learner/,
    );

    // Everyone done: the next day has nothing to say about this assignment.
    const [essay] = await t.database.db
      .select()
      .from(stages)
      .where(and(eq(stages.assignmentId, a.id), eq(stages.model, 'essaywriting')));
    await t.database.db
      .update(performances)
      .set({ isCompleted: true })
      .where(eq(performances.stageId, essay!.id));
    await sendDigests(t.database.db, new Date('2031-03-11T00:00:00Z'));
    expect((await digests(w.users.instructor.id)).map((d) => d.key)).toEqual([`digest:${a.id}:2031-03-10`]);
  });

  it('an assistant who takes part in an assignment as a learner gets none of its staff news (digest, late request)', async () => {
    const a = await startAssignment();
    const seat = await assistantRuns(a.id);
    // The staff's kinds of news a member has about this assignment.
    const staffNews = async (userId: number) =>
      (
        await t.database.db
          .select({ kind: notifications.kind, link: notifications.link })
          .from(notifications)
          .where(eq(notifications.userId, userId))
      )
        .filter(
          (n) =>
            n.link.includes(`/assignments/${a.id}`) &&
            (STAFF_NOTIFICATION_KINDS as readonly string[]).includes(n.kind),
        )
        .map((n) => n.kind)
        .sort();
    // She takes part (every active member joins an assignment when it starts; here she is let in
    // again after running it, so that this test does not rest on how she joined).
    await t.database.db
      .insert(participations)
      .values({ assignmentId: a.id, enrollmentId: seat, status: PARTICIPATION_STATUS.participating });
    expect(await sendDigests(t.database.db, new Date('2031-04-01T00:00:00Z'))).toBeGreaterThan(0);
    const late = await createUser(t, w.org.id, { email: `late-p-${a.id}@example.com`, name: '늦은 참여자' });
    await t.database.db
      .insert(enrollments)
      .values({ courseId: w.course.id, userId: late.id, code: `LP${a.id}` });
    const asked = await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/late-participation/`,
      token: await signInAs(t, late.email),
    });
    expect(asked.statusCode).toBe(200);
    // The instructor hears of both; the assistant of neither.
    expect(await staffNews(w.users.instructor.id)).toEqual(['digest', 'late_request']);
    expect(await staffNews(w.users.assistant.id)).toEqual([]);
  });
});
