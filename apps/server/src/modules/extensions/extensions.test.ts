import { extensionListSchema } from '@pw/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createUser, signInAs } from '../../../test/helpers';
import {
  enrollments,
  extensions,
  notifications,
  peerMatchings,
  reviewAudit,
  stages,
  users,
} from '../../db/schema';
import { sendDueReminders } from '../notifications/reminders';
import {
  assignmentAs,
  base,
  delta,
  get,
  move,
  newAssignment,
  peer,
  save,
  t,
  useWorkWorld,
  w,
  workOf,
} from '../performances/performances.test-kit';

// Per-learner extensions (issue 33, item 1): the grant's rules, saves at the extension's boundary,
// a late essay joining the running matching, the audit and two grants at once.

useWorkWorld();

/** A third learner, who is given the extensions. */
let late: { token: string; enrollmentId: number; userId: number };
beforeAll(async () => {
  const user = await createUser(t, w.org.id, { email: `late-${Date.now()}@example.com`, name: '늦은이' });
  const [e] = await t.database.db
    .insert(enrollments)
    .values({ courseId: w.course.id, userId: user.id, code: 'X9' })
    .returning();
  late = { token: (await signInAs(t, user.email)) as string, enrollmentId: e!.id, userId: user.id };
});
afterEach(() => {
  vi.useRealTimers();
});

const url = (aid: number, id?: number) => `${base()}/${aid}/extensions/${id === undefined ? '' : `${id}/`}`;
const grant = (aid: number, body: Record<string, unknown>, token = w.tokens.instructor) =>
  call(t, { method: 'POST', url: url(aid), token, payload: body });
const inHour = () => new Date(Date.now() + 60 * 60 * 1000);
const at = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms });

/** Moves the essay step's end to `end` (the test's stand-in for a dated assignment). */
async function endEssayAt(aid: number, end: Date) {
  await t.database.db
    .update(stages)
    .set({ endAt: end })
    .where(and(eq(stages.assignmentId, aid), eq(stages.model, 'essaywriting')));
}

describe('extensions', () => {
  it('a save is accepted at the extension’s last second and refused one second later; without one after the stage end', async () => {
    const a = await newAssignment({ maxLength: 100 });
    await move(a.id); // essay
    const stageEnd = new Date(Date.now() - 60_000);
    await endEssayAt(a.id, stageEnd);
    const mine = await workOf(a.id, late.token, 'essaywriting');
    const others = await workOf(a.id, peer.token, 'essaywriting');
    // The stage has ended: both are refused.
    for (const [pid, token] of [
      [mine, late.token],
      [others, peer.token],
    ] as const) {
      const refused = await save(a.id, pid, token, { stage_object: { content: delta('늦음') } });
      expect(refused.statusCode).toBe(406);
      expect(refused.json().code).toBe('essay_not_open');
    }
    const end = new Date(Math.floor(inHour().getTime() / 1000) * 1000);
    const granted = await grant(a.id, {
      enrollments: [late.enrollmentId],
      stage: 'essaywriting',
      end_date: end.toISOString(),
      reason: '병가',
    });
    expect(granted.statusCode).toBe(201);
    expect(extensionListSchema.parse(granted.json())).toEqual([
      expect.objectContaining({
        enrollment_id: late.enrollmentId,
        stage: 'essaywriting',
        end_date: end.toISOString(),
        stage_end_date: stageEnd.toISOString(),
        reason: '병가',
      }),
    ]);
    // The learner sees their own deadline on their work.
    expect((await get(a.id, mine, late.token)).json()).toMatchObject({
      deadline: end.toISOString(),
      is_extended: true,
      editable: true,
    });
    expect((await get(a.id, others, peer.token)).json()).toMatchObject({
      deadline: stageEnd.toISOString(),
      is_extended: false,
      editable: false,
    });
    at(end.getTime());
    expect(
      (await save(a.id, mine, late.token, { stage_object: { content: delta('마지막 초') } })).statusCode,
    ).toBe(200);
    // The others stay refused.
    expect(
      (await save(a.id, others, peer.token, { stage_object: { content: delta('나도') } })).statusCode,
    ).toBe(406);
    at(end.getTime() + 1000);
    const after = await save(a.id, mine, late.token, { stage_object: { content: delta('한 초 뒤') } });
    expect(after.statusCode).toBe(406);
    expect(after.json().code).toBe('essay_not_open');
  });

  it('the learner sees their own deadline on the assignment, the course list and the dashboard; others do not', async () => {
    const a = await newAssignment({ maxLength: 100 });
    await move(a.id); // essay
    const stageEnd = new Date(Date.now() - 60_000);
    await endEssayAt(a.id, stageEnd);
    const end = new Date(Math.floor(inHour().getTime() / 1000) * 1000);
    const granted = await grant(a.id, {
      enrollments: [late.enrollmentId],
      stage: 'essaywriting',
      end_date: end.toISOString(),
    });
    expect(granted.statusCode).toBe(201);
    const own = { stage: 'ES', model: 'essaywriting', end_date: end.toISOString() };
    const extendedOf = (x: { progresses: { model: string; extended_end_date?: string | null }[] }) =>
      Object.fromEntries(x.progresses.map((p) => [p.model, p.extended_end_date]));
    const mine = await assignmentAs(a.id, late.token);
    expect(mine.extension).toEqual({ ...own, current: true });
    expect(extendedOf(mine)).toMatchObject({ essaywriting: end.toISOString(), questionwriting: null });
    // The stage's own dates are unchanged for everyone.
    expect(mine.progresses.find((p: { model: string }) => p.model === 'essaywriting').end_date).toBe(
      stageEnd.toISOString(),
    );
    const theirs = await assignmentAs(a.id, peer.token);
    expect(theirs.extension).toBeNull();
    expect(extendedOf(theirs).essaywriting).toBeNull();
    const staff = await assignmentAs(a.id, w.tokens.instructor);
    expect(staff.extension).toBeUndefined();
    expect(extendedOf(staff).essaywriting).toBeUndefined();
    // The course's list and the dashboard say the same.
    const list = (await call(t, { method: 'GET', url: `${base()}/`, token: late.token })).json();
    expect(list.find((x: { id: number }) => x.id === a.id).extension).toEqual({ ...own, current: true });
    const dashboardOf = async (token: string) => {
      const boxes = (await call(t, { method: 'GET', url: '/api/v1/users/dashboard/', token })).json();
      return boxes
        .flatMap((b: { assignments: { id: number }[] }) => b.assignments)
        .find((x: { id: number }) => x.id === a.id);
    };
    expect((await dashboardOf(late.token)).extension).toEqual({ ...own, current: true });
    expect((await dashboardOf(peer.token)).extension).toBeNull();
    // Peer review begins: the essay's extension is still open, no longer the running step's.
    await move(a.id);
    expect((await assignmentAs(a.id, late.token)).extension).toEqual({ ...own, current: false });
    expect((await dashboardOf(late.token)).extension).toEqual({ ...own, current: false });
    // Past its last second it is named nowhere.
    at(end.getTime() + 1000);
    expect((await assignmentAs(a.id, late.token)).extension).toBeNull();
    expect((await dashboardOf(late.token)).extension).toBeNull();
  });

  it('refuses, with a translated 400 and no change, an end not later than the stage’s, a stage the assignment lacks and learners not taking part', async () => {
    const a = await newAssignment();
    await move(a.id);
    const stageEnd = new Date(Date.now() + 60_000);
    await endEssayAt(a.id, stageEnd);
    const [outsider] = await t.database.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.courseId, w.otherCourse.id));
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { enrollments: [late.enrollmentId], stage: 'essaywriting', end_date: stageEnd.toISOString() },
        'end_date',
        'validation.extension_after_end',
      ],
      [
        { enrollments: [late.enrollmentId], stage: 'adjustment', end_date: inHour().toISOString() },
        'stage',
        'validation.extension_stage',
      ],
      [
        {
          enrollments: [late.enrollmentId, outsider!.id],
          stage: 'essaywriting',
          end_date: inHour().toISOString(),
        },
        'enrollments',
        'validation.extension_learners',
      ],
      [
        { enrollments: [], stage: 'essaywriting', end_date: inHour().toISOString() },
        'enrollments',
        'validation.required',
      ],
      [
        { enrollments: [late.enrollmentId], stage: 'essaywriting', end_date: 'tomorrow' },
        'end_date',
        'validation.date_time',
      ],
    ];
    for (const [body, field] of cases) {
      const res = call(t, {
        method: 'POST',
        url: url(a.id),
        token: w.tokens.instructor,
        payload: body,
        headers: { 'accept-language': 'en' },
      });
      const answer = await res;
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json().fields)).toContain(field);
      expect(answer.json().detail).not.toMatch(/validation\./);
    }
    expect(await t.database.db.select().from(extensions).where(eq(extensions.assignmentId, a.id))).toEqual(
      [],
    );
  });

  it('lists, changes and withdraws extensions, each audited and the learner told', async () => {
    const a = await newAssignment();
    await move(a.id);
    const first = inHour();
    const granted = await grant(
      a.id,
      {
        enrollments: [late.enrollmentId, peer.enrollmentId],
        stage: 'questionwriting',
        end_date: first.toISOString(),
      },
      w.tokens.instructor,
    );
    expect(granted.statusCode).toBe(201);
    const list = await call(t, { method: 'GET', url: url(a.id), token: w.tokens.instructor });
    expect(
      list
        .json()
        .map((x: { enrollment_id: number }) => x.enrollment_id)
        .sort(),
    ).toEqual([late.enrollmentId, peer.enrollmentId].sort());
    const mine = list.json().find((x: { enrollment_id: number }) => x.enrollment_id === late.enrollmentId);
    const later = new Date(first.getTime() + 3600_000);
    const changed = await call(t, {
      method: 'PATCH',
      url: url(a.id, mine.id),
      token: w.tokens.instructor,
      payload: { end_date: later.toISOString(), reason: '연장 재조정' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ end_date: later.toISOString(), reason: '연장 재조정' });
    // Another assignment's path does not reach it.
    const b = await newAssignment();
    expect(
      (await call(t, { method: 'DELETE', url: url(b.id, mine.id), token: w.tokens.instructor })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, { method: 'DELETE', url: url(a.id, mine.id), token: w.tokens.instructor })).statusCode,
    ).toBe(204);
    const left = await call(t, { method: 'GET', url: url(a.id), token: w.tokens.instructor });
    expect(left.json().map((x: { enrollment_id: number }) => x.enrollment_id)).toEqual([peer.enrollmentId]);
    const audit = await t.database.db
      .select({ kind: reviewAudit.kind, enrollmentId: reviewAudit.enrollmentId, after: reviewAudit.after })
      .from(reviewAudit)
      .where(and(eq(reviewAudit.assignmentId, a.id), eq(reviewAudit.enrollmentId, late.enrollmentId)))
      .orderBy(asc(reviewAudit.id));
    expect(audit.map((x) => x.kind)).toEqual([
      'extension_granted',
      'extension_changed',
      'extension_withdrawn',
    ]);
    expect(audit[1]?.after).toMatchObject({ end_at: later.toISOString(), reason: '연장 재조정' });
    // The learner's bell tells of the grant and of the new end.
    const bell = await call(t, { method: 'GET', url: '/api/v1/notifications/', token: late.token });
    const ours = bell
      .json()
      .results.filter(
        (n: { kind: string; link: string }) =>
          n.kind === 'extension_granted' && n.link.includes(`/assignments/${a.id}/`),
      );
    expect(ours).toHaveLength(2);
  });

  it('two grants at once for the same learner and stage make one extension', async () => {
    const a = await newAssignment();
    await move(a.id);
    const body = (end: Date) => ({
      enrollments: [late.enrollmentId],
      stage: 'essaywriting',
      end_date: end.toISOString(),
    });
    const answers = await Promise.all([
      grant(a.id, body(inHour())),
      grant(a.id, body(new Date(Date.now() + 7200_000)), w.tokens.instructor),
      grant(a.id, body(new Date(Date.now() + 9000_000))),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const rows = await t.database.db.select().from(extensions).where(eq(extensions.assignmentId, a.id));
    expect(rows).toHaveLength(1);
    const audit = await t.database.db.select().from(reviewAudit).where(eq(reviewAudit.assignmentId, a.id));
    expect(audit.map((x) => x.kind).sort()).toEqual([
      'extension_changed',
      'extension_changed',
      'extension_granted',
    ]);
  });

  it('an essay finished under an extension after peer review began joins the running matching and is reviewed', async () => {
    const a = await newAssignment({ maxLength: 100 });
    await move(a.id); // essay
    for (const token of [w.tokens.learner, peer.token]) {
      const pid = await workOf(a.id, token, 'essaywriting');
      expect(
        (await save(a.id, pid, token, { stage_object: { content: delta('제때 쓴 글') } })).statusCode,
      ).toBe(200);
    }
    expect((await move(a.id)).statusCode).toBe(200); // peer review: the others move on
    const mine = await workOf(a.id, late.token, 'essaywriting');
    const pairsOf = () =>
      t.database.db.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, a.id));
    expect((await pairsOf()).filter((p) => p.targetId === late.enrollmentId)).toEqual([]);
    const refused = await save(a.id, mine, late.token, { stage_object: { content: delta('늦게 쓴 글') } });
    expect(refused.statusCode).toBe(406);
    expect(
      (
        await grant(a.id, {
          enrollments: [late.enrollmentId],
          stage: 'essaywriting',
          end_date: inHour().toISOString(),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await save(a.id, mine, late.token, { stage_object: { content: delta('늦게 쓴 글') } })).statusCode,
    ).toBe(200);
    // The essay got its reviewer from the running matching, never itself.
    const reviewers = (await pairsOf()).filter(
      (p) => p.targetId === late.enrollmentId && p.reviewerId !== p.targetId,
    );
    expect(reviewers).toHaveLength(1);
    const reviewer = reviewers[0]!;
    const token = reviewer.reviewerId === peer.enrollmentId ? peer.token : w.tokens.learner;
    const reviewed = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/performances/peerreview-matching/${reviewer.id}/`,
      token,
      payload: { responses: [{ id: 0, point: 5, comment: '늦었지만 좋은 글입니다.' }] },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const [done] = await t.database.db.select().from(peerMatchings).where(eq(peerMatchings.id, reviewer.id));
    expect(done?.isCompleted).toBe(true);
    // A second save of the essay does not add reviewers again.
    expect(
      (await save(a.id, mine, late.token, { stage_object: { content: delta('고친 글') } })).statusCode,
    ).toBe(200);
    expect(
      (await pairsOf()).filter((p) => p.targetId === late.enrollmentId && p.reviewerId !== p.targetId),
    ).toHaveLength(1);
  });

  it('reminds a learner with an extension before their own end, not the stage’s', async () => {
    const a = await newAssignment();
    await move(a.id);
    const hour = 3_600_000;
    const stageEnd = new Date(Date.now() + 10 * hour);
    const ownEnd = new Date(Date.now() + 50 * hour);
    await endEssayAt(a.id, stageEnd);
    expect(
      (
        await grant(a.id, {
          enrollments: [late.enrollmentId],
          stage: 'essaywriting',
          end_date: ownEnd.toISOString(),
        })
      ).statusCode,
    ).toBe(201);
    const [x] = await t.database.db.select().from(extensions).where(eq(extensions.assignmentId, a.id));
    const keysOf = async (userId: number) =>
      (
        await t.database.db
          .select({ key: notifications.key })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'reminder')))
      )
        .map((n) => n.key)
        .filter((k) => k.startsWith(`reminder:${a.id}:`) || k.startsWith(`reminder:extension:${x!.id}:`));
    const [peerUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(enrollments, eq(enrollments.userId, users.id))
      .where(eq(enrollments.id, peer.enrollmentId));
    await sendDueReminders(t.database.db, new Date(stageEnd.getTime() - 24 * hour), [24]);
    expect(await keysOf(peerUser!.id)).toEqual([`reminder:${a.id}:0:24`]);
    expect(await keysOf(late.userId)).toEqual([]);
    await sendDueReminders(t.database.db, new Date(ownEnd.getTime() - 24 * hour), [24]);
    expect(await keysOf(late.userId)).toEqual([`reminder:extension:${x!.id}:${ownEnd.getTime()}:24`]);
  });

  it('a peer review is accepted under the reviewer’s extension after the stage moved on, and refused without one', async () => {
    const a = await newAssignment({ maxLength: 100 });
    await move(a.id); // essay
    for (const token of [w.tokens.learner, peer.token]) {
      const pid = await workOf(a.id, token, 'essaywriting');
      expect(
        (await save(a.id, pid, token, { stage_object: { content: delta('제때 쓴 글') } })).statusCode,
      ).toBe(200);
    }
    await move(a.id); // peer review
    await move(a.id); // feedback: peer review is over for everyone
    const pairs = (
      await t.database.db.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, a.id))
    ).filter((p) => p.reviewerId !== p.targetId);
    const mine = pairs.find((p) => p.reviewerId === peer.enrollmentId);
    const theirs = pairs.find((p) => p.reviewerId !== peer.enrollmentId);
    expect(mine && theirs).toBeTruthy();
    const review = (id: number, token: string | undefined) =>
      call(t, {
        method: 'PATCH',
        url: `${base()}/${a.id}/performances/peerreview-matching/${id}/`,
        token,
        payload: { responses: [{ id: 0, point: 4, comment: '늦었지만 성실한 평가입니다.' }] },
      });
    expect((await review(mine!.id, peer.token)).statusCode).toBe(406);
    expect(
      (
        await grant(a.id, {
          enrollments: [peer.enrollmentId],
          stage: 'peerreview',
          end_date: inHour().toISOString(),
        })
      ).statusCode,
    ).toBe(201);
    const opened = await call(t, {
      method: 'GET',
      url: `${base()}/${a.id}/performances/peerreview-matching/${mine!.id}/`,
      token: peer.token,
    });
    expect(opened.json()).toMatchObject({ editable: true });
    const saved = await review(mine!.id, peer.token);
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await review(theirs!.id, w.tokens.learner);
    expect(refused.statusCode).toBe(406);
    expect(refused.json().code).toBe('review_not_open');
  });
});
