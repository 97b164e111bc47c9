import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, courses, ltiDeepLinkSessions, ltiLoginCodes, ltiPlatforms } from '../../db/schema';
import { hashToken } from '../accounts/tokens';
import type { Organisation } from '../organisations/organisations.service';
import { ASSIGNMENT_CUSTOM_PARAM, CLAIM } from './lti-claims';
import { LtiRefusal } from './lti-refusal';
import { joinCourse, LOGIN_CODE_TTL_MS, linkedCourse, linkedUser } from './provision-launch';
import { currentKey } from './service-token';
import type { VerifiedLaunch } from './verify-launch';

/** How long the instructor has to choose (time to create an assignment in the editor too). */
export const DEEP_LINK_TTL_MS = 30 * 60_000;
/** The line item a deep-linked assignment asks the platform to create: out of 100, as sent. */
const SCORE_MAXIMUM = 100;

/**
 * An instructor's Deep Linking request: the account and the course of the LMS context (opened
 * on the first launch, as a resource link launch does), and a short-lived server-side record of
 * what the platform asked for. Returns the opaque handle of the chooser page.
 */
export async function startDeepLinking(
  db: Db,
  org: Organisation,
  launch: VerifiedLaunch,
  now = new Date(),
): Promise<{ handle: string; courseId: number }> {
  const settings = launch.deepLinking;
  if (!settings || launch.role !== 'instructor') throw new LtiRefusal('deep_linking_instructor_only', 403);
  const userId = await linkedUser(db, org, { ...launch, issuer: launch.platform.issuer });
  const courseId = await linkedCourse(db, org, launch, userId);
  await joinCourse(db, courseId, userId, launch);
  const handle = randomBytes(32).toString('base64url');
  await db.insert(ltiDeepLinkSessions).values({
    handleHash: hashToken(handle),
    platformId: launch.platform.id,
    deploymentId: launch.deploymentId,
    courseId,
    userId,
    returnUrl: settings.returnUrl,
    data: settings.data ?? null,
    acceptLineItem: settings.acceptLineItem,
    expiresAt: new Date(now.getTime() + DEEP_LINK_TTL_MS),
  });
  return { handle, courseId };
}

/** The open Deep Linking session of a handle, in the organisation; else refused (expired). */
async function openSession(db: Db, org: Organisation, handle: string | undefined, now: Date) {
  if (!handle || handle.length > 100) throw new LtiRefusal('deep_linking_expired', 401);
  const [row] = await db
    .select({ session: ltiDeepLinkSessions, courseName: courses.name })
    .from(ltiDeepLinkSessions)
    .innerJoin(courses, eq(courses.id, ltiDeepLinkSessions.courseId))
    .where(
      and(
        eq(ltiDeepLinkSessions.handleHash, hashToken(handle)),
        isNull(ltiDeepLinkSessions.usedAt),
        gt(ltiDeepLinkSessions.expiresAt, now),
        eq(courses.organisationId, org.id),
      ),
    )
    .limit(1);
  if (!row) throw new LtiRefusal('deep_linking_expired', 401);
  return row;
}

/** The chooser page's content: the course and its assignments (oldest first). */
export async function deepLinkingChoices(
  db: Db,
  org: Organisation,
  handle: string | undefined,
  now = new Date(),
) {
  const { session, courseName } = await openSession(db, org, handle, now);
  const list = await db
    .select({ id: assignments.id, name: assignments.name })
    .from(assignments)
    .where(eq(assignments.courseId, session.courseId))
    .orderBy(asc(assignments.id));
  return { courseId: session.courseId, courseName, assignments: list };
}

/**
 * "Create a new assignment": a one-time sign-in code for the course's assignment editor (the
 * instructor creates it there, in a new tab, and comes back to choose it).
 */
export async function deepLinkingEditorCode(
  db: Db,
  org: Organisation,
  handle: string | undefined,
  now = new Date(),
): Promise<string> {
  const { session } = await openSession(db, org, handle, now);
  const code = randomBytes(32).toString('base64url');
  await db.insert(ltiLoginCodes).values({
    codeHash: hashToken(code),
    userId: session.userId,
    target: `/courses/${session.courseId}/instructor/assignments/new`,
    expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
  });
  return code;
}

/**
 * The answer to the platform (Deep Linking 2.0 §4.5): the chosen assignment (one of the
 * session's course, else refused) as an `ltiResourceLink` content item in a JWT signed with the
 * tool's current key. The session is spent at once (one answer per request); the browser only
 * carries the returned form to the platform's return URL.
 */
export async function answerDeepLinking(
  db: Db,
  org: Organisation,
  input: { handle: string | undefined; assignmentId: string | undefined; launchUrl: string },
  now = new Date(),
): Promise<{ returnUrl: string; jwt: string; title: string }> {
  const { session } = await openSession(db, org, input.handle, now);
  const id = /^[1-9][0-9]{0,9}$/.test(input.assignmentId ?? '') ? Number(input.assignmentId) : 0;
  const [assignment] = await db
    .select({ id: assignments.id, name: assignments.name })
    .from(assignments)
    .where(and(eq(assignments.id, id), eq(assignments.courseId, session.courseId)))
    .limit(1);
  if (!assignment) throw new LtiRefusal('deep_linking_bad_choice');
  const [spent] = await db
    .update(ltiDeepLinkSessions)
    .set({ usedAt: now })
    .where(
      and(
        eq(ltiDeepLinkSessions.handleHash, session.handleHash),
        isNull(ltiDeepLinkSessions.usedAt),
        gt(ltiDeepLinkSessions.expiresAt, now),
      ),
    )
    .returning({ platformId: ltiDeepLinkSessions.platformId });
  if (!spent) throw new LtiRefusal('deep_linking_expired', 401);
  const [platform] = await db
    .select({ issuer: ltiPlatforms.issuer, clientId: ltiPlatforms.clientId })
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.id, spent.platformId), eq(ltiPlatforms.organisationId, org.id)))
    .limit(1);
  if (!platform) throw new LtiRefusal('no_registration');

  const item: Record<string, unknown> = {
    type: 'ltiResourceLink',
    title: assignment.name,
    url: input.launchUrl,
    custom: { [ASSIGNMENT_CUSTOM_PARAM]: String(assignment.id) },
  };
  if (session.acceptLineItem)
    item.lineItem = {
      scoreMaximum: SCORE_MAXIMUM,
      label: assignment.name,
      resourceId: `peerwrite-assignment-${assignment.id}`,
    };
  const jose = await import('jose');
  const { kid, privateJwk } = await currentKey(db);
  const key = await jose.importJWK(privateJwk, 'RS256');
  const at = Math.floor(now.getTime() / 1000);
  const jwt = await new jose.SignJWT({
    nonce: randomBytes(16).toString('base64url'),
    [CLAIM.messageType]: 'LtiDeepLinkingResponse',
    [CLAIM.version]: '1.3.0',
    [CLAIM.deploymentId]: session.deploymentId,
    [CLAIM.contentItems]: [item],
    ...(session.data !== null ? { [CLAIM.deepLinkingData]: session.data } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setAudience(platform.issuer)
    .setIssuedAt(at)
    .setExpirationTime(at + 300)
    .sign(key);
  return { returnUrl: session.returnUrl, jwt, title: assignment.name };
}
