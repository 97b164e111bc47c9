import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  assignments,
  courses,
  enrollments,
  ltiContextLinks,
  ltiLoginCodes,
  ltiResourceLinks,
  ltiUserLinks,
  users,
} from '../../db/schema';
import { hashToken } from '../accounts/tokens';
import { generateCourseCode } from '../courses/courses.service';
import type { Organisation } from '../organisations/organisations.service';
import { LtiRefusal } from './lti-refusal';
import type { VerifiedLaunch } from './verify-launch';

/** How long the web app has to exchange a launch's one-time code for a session. */
export const LOGIN_CODE_TTL_MS = 60_000;

/** Stored instead of a password hash: argon2 verification of it always fails (no password sign-in). */
const NO_PASSWORD = '!lti';

/**
 * Turns a verified launch into PeerWrite state: the account (by issuer + sub, created on the first
 * launch), the course of the LMS context (created on an instructor's first launch), the person's
 * membership, and where to land. Returns a one-time code for the web app and the landing path.
 * Safe to run twice at once for the same person or context (unique keys, then re-read).
 */
export async function provisionLaunch(
  db: Db,
  org: Organisation,
  launch: VerifiedLaunch,
  now = new Date(),
): Promise<{ code: string; target: string; courseId: number }> {
  const userId = await linkedUser(db, org, { ...launch, issuer: launch.platform.issuer });
  const courseId = await linkedCourse(db, org, launch, userId);
  await joinCourse(db, courseId, userId, launch);
  const assignmentId =
    (await linkedAssignment(db, launch, courseId)) ?? (await deepLinkedAssignment(db, launch, courseId));
  await keepServiceClaims(db, launch, courseId, assignmentId);
  const base = `/courses/${courseId}/${launch.role}`;
  const target =
    assignmentId === undefined
      ? base
      : launch.role === 'instructor'
        ? `${base}/assignments/${assignmentId}`
        : `${base}/assignments/${assignmentId}/performances`;
  const code = randomBytes(32).toString('base64url');
  await db.insert(ltiLoginCodes).values({
    codeHash: hashToken(code),
    userId,
    target,
    expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
  });
  return { code, target, courseId };
}

/** Who an LMS user is: from a launch's claims, or a roster member (NRPS). */
export type LmsPerson = {
  issuer: string;
  sub: string;
  name: string;
  email: string | undefined;
  role: VerifiedLaunch['role'];
};

/**
 * The account linked to the LMS user, created (or found by the claimed email) on first launch or
 * roster sync. A launch signs in (`signIn`: last login kept); a sync does not.
 */
export async function linkedUser(
  db: Db,
  org: Organisation,
  launch: LmsPerson,
  { signIn = true } = {},
): Promise<number> {
  const { issuer } = launch;
  const find = async () => {
    const [link] = await db
      .select({ userId: ltiUserLinks.userId, isActive: users.isActive, role: users.role })
      .from(ltiUserLinks)
      .innerJoin(users, eq(users.id, ltiUserLinks.userId))
      .where(
        and(
          eq(ltiUserLinks.organisationId, org.id),
          eq(ltiUserLinks.issuer, issuer),
          eq(ltiUserLinks.sub, launch.sub),
        ),
      )
      .limit(1);
    return link;
  };
  let link = await find();
  if (!link) {
    // No email in the claims: an address of its own that no person can receive mail at.
    const email =
      launch.email ??
      `lti-${createHash('sha256').update(`${issuer}\n${launch.sub}`).digest('hex').slice(0, 24)}@lti.invalid`;
    await db
      .insert(users)
      .values({ organisationId: org.id, email, name: launch.name, passwordHash: NO_PASSWORD, role: 'L' })
      .onConflictDoNothing({ target: [users.organisationId, users.email] });
    const [user] = await db
      .select({ id: users.id, isStaff: users.isStaff })
      .from(users)
      .where(and(eq(users.organisationId, org.id), eq(users.email, email)))
      .limit(1);
    if (!user) throw new Error('LTI account not created');
    // A launch never signs into a staff account (the manager area) by a claimed email.
    if (user.isStaff) throw new LtiRefusal('staff_account', 403);
    await db
      .insert(ltiUserLinks)
      .values({ organisationId: org.id, issuer, sub: launch.sub, userId: user.id })
      .onConflictDoNothing({ target: [ltiUserLinks.organisationId, ltiUserLinks.issuer, ltiUserLinks.sub] });
    link = await find();
    if (!link) throw new Error('LTI link not created');
  }
  if (!link.isActive) throw new LtiRefusal('account_inactive', 403);
  // The LMS's instructors may open courses here; a PeerWrite role is never lowered by a launch.
  if (launch.role === 'instructor' && link.role !== 'I')
    await db.update(users).set({ role: 'I' }).where(eq(users.id, link.userId));
  if (signIn) await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, link.userId));
  return link.userId;
}

class ContextTaken extends Error {}

/** The course of the LMS context; an instructor's first launch opens it, a learner's is refused. */
export async function linkedCourse(
  db: Db,
  org: Organisation,
  launch: VerifiedLaunch,
  userId: number,
): Promise<number> {
  const find = async () => {
    const [row] = await db
      .select({ courseId: ltiContextLinks.courseId })
      .from(ltiContextLinks)
      .innerJoin(courses, eq(courses.id, ltiContextLinks.courseId))
      .where(
        and(
          eq(ltiContextLinks.platformId, launch.platform.id),
          eq(ltiContextLinks.deploymentId, launch.deploymentId),
          eq(ltiContextLinks.contextId, launch.context.id),
          eq(courses.organisationId, org.id),
        ),
      )
      .limit(1);
    return row?.courseId;
  };
  const existing = await find();
  if (existing !== undefined) return existing;
  if (launch.role !== 'instructor') throw new LtiRefusal('context_not_linked', 403);
  try {
    return await db.transaction(async (tx) => {
      for (let attempt = 0; attempt < 8; attempt++) {
        const [course] = await tx
          .insert(courses)
          .values({
            organisationId: org.id,
            instructorId: userId,
            name: launch.context.title,
            code: generateCourseCode(),
          })
          .onConflictDoNothing({ target: [courses.organisationId, courses.code] })
          .returning({ id: courses.id });
        if (!course) continue;
        const [link] = await tx
          .insert(ltiContextLinks)
          .values({
            platformId: launch.platform.id,
            deploymentId: launch.deploymentId,
            contextId: launch.context.id,
            courseId: course.id,
          })
          .onConflictDoNothing()
          .returning({ id: ltiContextLinks.id });
        // Another launch linked the context meanwhile: undo this course and use that one.
        if (!link) throw new ContextTaken();
        return course.id;
      }
      throw new Error('no free course code');
    });
  } catch (error) {
    if (!(error instanceof ContextTaken)) throw error;
    const other = await find();
    if (other === undefined) throw new Error('LTI context link vanished');
    return other;
  }
}

/**
 * Enrols learners and assistants. A launch never withdraws, re-admits or demotes: a learner the
 * instructor withdrew stays withdrawn (the course page says so), an assistant stays one.
 */
export async function joinCourse(db: Db, courseId: number, userId: number, launch: VerifiedLaunch) {
  const [course] = await db
    .select({ instructorId: courses.instructorId })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course || course.instructorId === userId) return;
  // Another LMS instructor of the context works in the course as its assistant.
  const isAssistant = launch.role !== 'learner';
  await db
    .insert(enrollments)
    .values({ courseId, userId, code: '', isAssistant })
    .onConflictDoUpdate({
      target: [enrollments.courseId, enrollments.userId],
      set: { isAssistant: sql`${enrollments.isAssistant} or excluded.is_assistant` },
    });
}

/**
 * Keeps the launch's service endpoints: the NRPS memberships URL on the context link (roster
 * sync) and the AGS line item on the resource link (grade passback). A launch without the claim
 * leaves what an earlier one kept.
 */
async function keepServiceClaims(
  db: Db,
  launch: VerifiedLaunch,
  courseId: number,
  assignmentId: number | undefined,
) {
  if (launch.membershipsUrl)
    await db
      .update(ltiContextLinks)
      .set({ membershipsUrl: launch.membershipsUrl })
      .where(
        and(
          eq(ltiContextLinks.platformId, launch.platform.id),
          eq(ltiContextLinks.deploymentId, launch.deploymentId),
          eq(ltiContextLinks.contextId, launch.context.id),
          eq(ltiContextLinks.courseId, courseId),
        ),
      );
  if (launch.ags && assignmentId !== undefined && (launch.ags.lineitem || launch.ags.lineitems))
    await db
      .update(ltiResourceLinks)
      .set({
        // Only `lineitems`: the line item PeerWrite created there (at the first grade) is kept.
        lineitemUrl: launch.ags.lineitem ?? sql`${ltiResourceLinks.lineitemUrl}`,
        lineitemsUrl: launch.ags.lineitems ?? null,
        agsScopes: launch.ags.scopes,
      })
      .where(
        and(
          eq(ltiResourceLinks.platformId, launch.platform.id),
          eq(ltiResourceLinks.deploymentId, launch.deploymentId),
          eq(ltiResourceLinks.resourceLinkId, launch.resourceLinkId),
          eq(ltiResourceLinks.assignmentId, assignmentId),
        ),
      );
}

/**
 * A resource link placed by Deep Linking carries the chosen assignment as a custom parameter:
 * its first launch links the resource link to that assignment, when it is one of the course's
 * (the parameter is signed by the platform, but a course never opens another course's work).
 */
async function deepLinkedAssignment(
  db: Db,
  launch: VerifiedLaunch,
  courseId: number,
): Promise<number | undefined> {
  if (launch.customAssignmentId === undefined || launch.resourceLinkId === '') return undefined;
  const [assignment] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.id, launch.customAssignmentId), eq(assignments.courseId, courseId)))
    .limit(1);
  if (!assignment) return undefined;
  // Two first launches at once: one link is made, both read it.
  await db
    .insert(ltiResourceLinks)
    .values({
      platformId: launch.platform.id,
      deploymentId: launch.deploymentId,
      resourceLinkId: launch.resourceLinkId,
      assignmentId: assignment.id,
    })
    .onConflictDoNothing();
  return linkedAssignment(db, launch, courseId);
}

/** The assignment the resource link is linked to, if it belongs to the course. */
async function linkedAssignment(
  db: Db,
  launch: VerifiedLaunch,
  courseId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: assignments.id })
    .from(ltiResourceLinks)
    .innerJoin(assignments, eq(assignments.id, ltiResourceLinks.assignmentId))
    .where(
      and(
        eq(ltiResourceLinks.platformId, launch.platform.id),
        eq(ltiResourceLinks.deploymentId, launch.deploymentId),
        eq(ltiResourceLinks.resourceLinkId, launch.resourceLinkId),
        eq(assignments.courseId, courseId),
      ),
    )
    .limit(1);
  return row?.id;
}
