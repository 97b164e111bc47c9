import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  assignments,
  enrollments,
  ltiGradeSends,
  ltiPlatforms,
  ltiResourceLinks,
  ltiUserLinks,
  reports,
} from '../../db/schema';
import { serviceUrl } from './lti-claims';
import { callService, LtiServiceError, SCOPES } from './service-token';

/** A grade job: one learner's score of one assignment, at one version of it. */
export type GradeJob = { assignmentId: number; userId: number; version: number };

/** The key naming a grade job (its pg-boss id): the same version is queued and sent once. */
export const gradeJobKey = (job: GradeJob) => `lti-grade:${job.assignmentId}:${job.userId}:${job.version}`;

const SCORE_TYPE = 'application/vnd.ims.lis.v1.score+json';
/** The most pending rows one queueing pass reads (the next pass takes the rest). */
const QUEUE_BATCH = 500;

/**
 * The assignment's LMS line item: a resource link whose launch carried the AGS claim, with the
 * line item's URL (`lineitem`), or only the container (`lineitems`) to create one in at the first
 * grade (`ensureLineItem`). A link with a line item is preferred.
 */
export async function lineItemOf(db: Db | Tx, assignmentId: number) {
  const [row] = await db
    .select({ link: ltiResourceLinks, platform: ltiPlatforms })
    .from(ltiResourceLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .where(
      and(
        eq(ltiResourceLinks.assignmentId, assignmentId),
        or(isNotNull(ltiResourceLinks.lineitemUrl), isNotNull(ltiResourceLinks.lineitemsUrl)),
      ),
    )
    .orderBy(sql`${ltiResourceLinks.lineitemUrl} is null`, asc(ltiResourceLinks.id))
    .limit(1);
  if (!row) return undefined;
  const scopes = row.link.agsScopes;
  // A platform that names its scopes must grant the score scope (and the line item one to create it).
  if (scopes.length > 0 && !scopes.includes(SCOPES.score)) return undefined;
  if (!row.link.lineitemUrl && scopes.length > 0 && !scopes.includes(SCOPES.lineitem)) return undefined;
  return { url: row.link.lineitemUrl ?? undefined, link: row.link, platform: row.platform };
}

/** A line item taken as being created by another job for this long is taken over (that job died). */
const LINE_ITEM_CLAIM_MS = 2 * 60_000;
const LINE_ITEM_TYPE = 'application/vnd.ims.lis.v2.lineitem+json';

/**
 * The line item's URL, created first when the platform sent only `lineitems` (AGS §3.2): a POST
 * of {scoreMaximum 100, label = the assignment's name, resourceId, resourceLinkId}, its `id` kept
 * on the resource link. One job creates it (a conditional claim on the link, so several nodes
 * never create two); the others fail for now and the queue retries them once it is stored.
 */
export async function ensureLineItem(
  db: Db,
  item: NonNullable<Awaited<ReturnType<typeof lineItemOf>>>,
  now = new Date(),
): Promise<string> {
  if (item.url) return item.url;
  const linkId = item.link.id;
  const [claimed] = await db
    .update(ltiResourceLinks)
    .set({ lineitemClaimedAt: now })
    .where(
      and(
        eq(ltiResourceLinks.id, linkId),
        isNull(ltiResourceLinks.lineitemUrl),
        or(
          isNull(ltiResourceLinks.lineitemClaimedAt),
          lt(ltiResourceLinks.lineitemClaimedAt, new Date(now.getTime() - LINE_ITEM_CLAIM_MS)),
        ),
      ),
    )
    .returning({
      lineitemsUrl: ltiResourceLinks.lineitemsUrl,
      resourceLinkId: ltiResourceLinks.resourceLinkId,
    });
  if (!claimed) {
    const [stored] = await db
      .select({ url: ltiResourceLinks.lineitemUrl })
      .from(ltiResourceLinks)
      .where(eq(ltiResourceLinks.id, linkId));
    if (stored?.url) return stored.url;
    throw new LtiServiceError('the line item is being created by another job');
  }
  const release = () =>
    db.update(ltiResourceLinks).set({ lineitemClaimedAt: null }).where(eq(ltiResourceLinks.id, linkId));
  try {
    const [assignment] = await db
      .select({ name: assignments.name })
      .from(assignments)
      .where(eq(assignments.id, item.link.assignmentId));
    const res = await callService(db, item.platform, [SCOPES.lineitem], claimed.lineitemsUrl ?? '', {
      method: 'POST',
      contentType: LINE_ITEM_TYPE,
      accept: LINE_ITEM_TYPE,
      body: JSON.stringify({
        scoreMaximum: 100,
        label: assignment?.name ?? 'PeerWrite',
        resourceId: `peerwrite-assignment-${item.link.assignmentId}`,
        resourceLinkId: claimed.resourceLinkId,
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { id?: unknown };
    const url = res.ok ? serviceUrl(body.id) : undefined;
    if (!url) throw new LtiServiceError(`line item refused (${res.status})`, res.status);
    await db.update(ltiResourceLinks).set({ lineitemUrl: url }).where(eq(ltiResourceLinks.id, linkId));
    return url;
  } catch (error) {
    await release();
    throw error;
  }
}

/** The score sent for a total: out of 100, two decimals, within 0..100. */
export const scoreOf = (total: number) => Math.round(Math.min(100, Math.max(0, total)) * 100) / 100;

/**
 * In the transaction that stored new reports with the scores out (completion, a release, a
 * recomputation): every LMS-linked learner whose total differs from the one last recorded gets a
 * new version, pending. The queue sends it after the commit (`queuePendingGrades`). Returns how
 * many became pending.
 */
export async function markGradesPending(tx: Tx, assignmentId: number, now: Date): Promise<number> {
  const item = await lineItemOf(tx, assignmentId);
  if (!item) return 0;
  const rows = await tx
    .select({ userId: enrollments.userId, total: reports.scoreTotal })
    .from(reports)
    .innerJoin(enrollments, eq(enrollments.id, reports.enrollmentId))
    .innerJoin(
      ltiUserLinks,
      and(
        eq(ltiUserLinks.userId, enrollments.userId),
        eq(ltiUserLinks.organisationId, item.platform.organisationId),
        eq(ltiUserLinks.issuer, item.platform.issuer),
      ),
    )
    // Learners only: an assistant or the instructor's seat taking part has no grade in the LMS.
    .where(
      and(
        eq(reports.assignmentId, assignmentId),
        eq(enrollments.isActive, true),
        eq(enrollments.isAssistant, false),
        eq(enrollments.isInstructorSeat, false),
      ),
    );
  const values = rows
    .filter((r) => r.total !== null)
    .map((r) => ({ assignmentId, userId: r.userId, score: scoreOf(r.total ?? 0), updatedAt: now }));
  if (values.length === 0) return 0;
  const changed = await tx
    .insert(ltiGradeSends)
    .values(values)
    .onConflictDoUpdate({
      target: [ltiGradeSends.assignmentId, ltiGradeSends.userId],
      set: {
        score: sql`excluded.score`,
        version: sql`${ltiGradeSends.version} + 1`,
        status: 'pending',
        attempts: 0,
        updatedAt: now,
      },
      // A new score, or one the LMS refused until the queue gave up: sent again.
      setWhere: sql`${ltiGradeSends.score} is distinct from excluded.score or ${ltiGradeSends.status} = 'failed'`,
    })
    .returning({ userId: ltiGradeSends.userId });
  return changed.length;
}

/** Queues a job for every pending grade (`send` ignores a job id already queued). */
export async function queuePendingGrades(db: Db, send: (job: GradeJob) => Promise<unknown>) {
  const pending = await db
    .select({
      assignmentId: ltiGradeSends.assignmentId,
      userId: ltiGradeSends.userId,
      version: ltiGradeSends.version,
    })
    .from(ltiGradeSends)
    .where(eq(ltiGradeSends.status, 'pending'))
    .orderBy(asc(ltiGradeSends.updatedAt))
    .limit(QUEUE_BATCH);
  for (const job of pending) await send(job);
  return pending.length;
}

/** Whether a grade waits to be queued (a cheap look before a queueing pass). */
export async function hasPendingGrades(db: Db) {
  const rows = await db
    .select({ a: ltiGradeSends.assignmentId })
    .from(ltiGradeSends)
    .where(eq(ltiGradeSends.status, 'pending'))
    .limit(1);
  return rows.length > 0;
}

/** The `/scores` URL of a line item (before its query string, AGS §3.4). */
export function scoresUrl(lineitem: string): string {
  const url = new URL(lineitem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}

/**
 * The grade job: posts the learner's current score to the line item (AGS score service) with
 * the service token, and records the outcome. A job of an older version stops (the newer one
 * sends); a failure is recorded as failed and thrown, so the queue retries with backoff.
 */
export async function sendGrade(db: Db, job: GradeJob, now = () => new Date()) {
  const [row] = await db
    .select({
      score: ltiGradeSends.score,
      version: ltiGradeSends.version,
      status: ltiGradeSends.status,
      sub: ltiUserLinks.sub,
    })
    .from(ltiGradeSends)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.assignmentId, ltiGradeSends.assignmentId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .innerJoin(
      ltiUserLinks,
      and(
        eq(ltiUserLinks.userId, ltiGradeSends.userId),
        eq(ltiUserLinks.organisationId, ltiPlatforms.organisationId),
        eq(ltiUserLinks.issuer, ltiPlatforms.issuer),
      ),
    )
    .where(and(eq(ltiGradeSends.assignmentId, job.assignmentId), eq(ltiGradeSends.userId, job.userId)))
    .limit(1);
  if (!row || row.version !== job.version) return { skipped: 'superseded' as const };
  if (row.status === 'sent') return { skipped: 'sent' as const };
  const item = await lineItemOf(db, job.assignmentId);
  if (!item) return { skipped: 'unlinked' as const };
  const at = now();
  const record = (set: Partial<typeof ltiGradeSends.$inferInsert>) =>
    db
      .update(ltiGradeSends)
      .set({ ...set, attempts: sql`${ltiGradeSends.attempts} + 1`, updatedAt: at })
      .where(
        and(
          eq(ltiGradeSends.assignmentId, job.assignmentId),
          eq(ltiGradeSends.userId, job.userId),
          eq(ltiGradeSends.version, job.version),
        ),
      );
  try {
    const lineitem = await ensureLineItem(db, item, at);
    const res = await callService(db, item.platform, [SCOPES.score], scoresUrl(lineitem), {
      method: 'POST',
      contentType: SCORE_TYPE,
      body: JSON.stringify({
        userId: row.sub,
        scoreGiven: row.score,
        scoreMaximum: 100,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        timestamp: at.toISOString(),
      }),
    });
    if (!res.ok) throw new LtiServiceError(`score refused (${res.status})`, res.status);
  } catch (error) {
    await record({ status: 'failed', lastError: String((error as Error).message).slice(0, 300) });
    throw error;
  }
  await record({ status: 'sent', sentScore: row.score, sentAt: at, lastError: null });
  return { sent: row.score };
}

/** Per learner (enrolment) of an LTI-linked assignment: what the LMS holds of their grade. */
export async function gradeSendsOf(db: Db, courseId: number, assignmentId: number) {
  if (!(await lineItemOf(db, assignmentId))) return undefined;
  return db
    .select({
      enrollmentId: enrollments.id,
      status: ltiGradeSends.status,
      score: ltiGradeSends.score,
      sentScore: ltiGradeSends.sentScore,
      sentAt: ltiGradeSends.sentAt,
    })
    .from(ltiGradeSends)
    .innerJoin(
      enrollments,
      and(eq(enrollments.userId, ltiGradeSends.userId), eq(enrollments.courseId, courseId)),
    )
    .where(eq(ltiGradeSends.assignmentId, assignmentId));
}
