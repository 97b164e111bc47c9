import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signInAs, type TestApp } from '../../../test/helpers';
import { headerOf, plainTextOf, startSmtpServer } from '../../../test/smtp';
import { QUEUES } from '../../jobs/queues';
import { assignments, enrollments, notifications, peerMatchings, users } from '../schema';
import { seedDatabase } from './demo';

// Issue 30's "done when": on the demo data, with SMTP pointing at a test server, moving the demo
// assignment on to peer review mails each participant with reviews to write, in their language,
// and shows it in their bell; nobody without work there is told.
describe('the demo assignment moved to peer review', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      PUBLIC_URL: 'http://demo.example:8000',
    });
    const silent = { info: () => undefined } as unknown as Parameters<typeof seedDatabase>[1];
    expect(await seedDatabase(t.database.db, silent, { demo: true })).toBe('demo');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function mailsSent() {
    await t.app.jobs.sweepNotifications();
    await t.app.jobs.settled([QUEUES.notificationMails, QUEUES.mail]);
  }

  it('mails each reviewer in their language and shows it in their bell', async () => {
    // What the seed itself announced is mailed first, so only the move's mails are counted below.
    await mailsSent();
    const prof = await signInAs(t, 'prof@example.com', 'localhost', 'demo1234');
    // student02 last used the interface in English (the bell remembers the language of a request).
    const english = await signInAs(t, 'student02@example.com', 'localhost', 'demo1234');
    expect(
      (
        await call(t, {
          method: 'GET',
          url: '/api/v1/notifications/',
          token: english,
          headers: { 'accept-language': 'en' },
        })
      ).statusCode,
    ).toBe(200);
    await mailsSent();
    smtp.inbox.length = 0;

    const [running] = await t.database.db
      .select({ id: assignments.id, courseId: assignments.courseId })
      .from(assignments)
      .where(like(assignments.name, '2차 과제%'));
    if (!running) throw new Error('the demo has no running assignment');
    const move = (expected: string) =>
      call(t, {
        method: 'PATCH',
        url: `/api/v1/courses/${running.courseId}/assignments/${running.id}/move-to-next-stage/`,
        token: prof,
        payload: { expected_stage: expected },
      });
    // The essay step (with its questions) → peer review, the second step (index 1).
    const moved = await move('ES');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().current_stage.stage).toBe('PE');

    const reviewers = await t.database.db
      .selectDistinct({ userId: enrollments.userId, email: users.email, language: users.language })
      .from(peerMatchings)
      .innerJoin(enrollments, eq(enrollments.id, peerMatchings.reviewerId))
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(and(eq(peerMatchings.assignmentId, running.id), eq(enrollments.isActive, true)));
    expect(reviewers.length).toBeGreaterThan(10);
    expect(reviewers.some((r) => r.email === 'student02@example.com')).toBe(true);

    // The bell: one "peer review has started" per reviewer, and nobody else.
    const told = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.key, `stage-open:${running.id}:1`));
    expect(told.map((n) => n.userId).sort((a, b) => a - b)).toEqual(
      reviewers.map((r) => r.userId).sort((a, b) => a - b),
    );
    const englishBell = (
      await call(t, {
        method: 'GET',
        url: '/api/v1/notifications/',
        token: english,
        headers: { 'accept-language': 'en' },
      })
    ).json();
    expect(englishBell.results[0]).toMatchObject({
      kind: 'stage_open',
      link: `/courses/${running.courseId}/learner/assignments/${running.id}/performances`,
      read_at: null,
    });
    expect(englishBell.results[0].title).toMatch(/Peer review/i);

    // The mail: one per reviewer, in their language, with the link and the one-click unsubscribe.
    await mailsSent();
    const reviewerEmails = reviewers.map((r) => r.email).sort();
    const byPerson = new Map<string, string[]>();
    for (const m of smtp.inbox) byPerson.set(m.to[0] ?? '', [...(byPerson.get(m.to[0] ?? '') ?? []), m.raw]);
    expect([...byPerson.keys()].sort()).toEqual(reviewerEmails);
    for (const r of reviewers) {
      const mails = byPerson.get(r.email) ?? [];
      expect(mails).toHaveLength(1);
      const raw = mails[0] ?? '';
      const subject = headerOf(raw, 'subject') ?? '';
      if (r.language === 'en') expect(subject).toMatch(/has started$/);
      else expect(subject).toMatch(/시작되었습니다$/);
      expect(plainTextOf(raw)).toContain(
        `http://demo.example:8000/courses/${running.courseId}/learner/assignments/${running.id}/performances`,
      );
      expect(headerOf(raw, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    const englishMail = byPerson.get('student02@example.com')?.[0] ?? '';
    expect(headerOf(englishMail, 'subject')).toMatch(/has started$/);
  });
});
