import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments, ltiContextLinks, ltiPlatforms, ltiUserLinks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { loadManager } from '../courses/membership';
import type { Organisation } from '../organisations/organisations.service';
import { type LtiRole, mapLtiRoles } from './lti-claims';
import type { LtiPlatform } from './lti-platforms';
import { LtiRefusal } from './lti-refusal';
import { linkedUser } from './provision-launch';
import { callService, LtiServiceError, SCOPES } from './service-token';

/** What a roster sync changed (the endpoint's answer, shown on the learners page). */
export type RosterSummary = {
  /** Active members the LMS listed. */
  members: number;
  /** Learners and assistants newly enrolled. */
  enrolled: number;
  /** Learners withdrawn: no longer active in the LMS course. */
  withdrawn: number;
  /** Members already enrolled as the LMS says (or kept withdrawn by the instructor). */
  unchanged: number;
  /** Members not taken: no role this tool knows, or an account that cannot be used. */
  skipped: number;
  synced_at: string;
};

const MEMBERSHIP_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** A roster of more pages than this is refused rather than fetched without end. */
const MAX_PAGES = 200;

type Member = {
  sub: string;
  name: string;
  email: string | undefined;
  role: LtiRole | undefined;
  active: boolean;
};

/** POST /courses/:id/lti/roster-sync/: the course's instructor or an assistant syncs the roster. */
export async function syncRosterByHand(db: Db, caller: Caller, courseId: number, now = new Date()) {
  const m = await loadManager(db, caller, courseId);
  const summary = await syncRoster(db, caller.org, m.course.id, now);
  if (!summary) throw new AppError('lti_not_linked');
  return summary;
}

/** An instructor's launch syncs the roster when the last sync is older than this. */
export const ROSTER_SYNC_INTERVAL_MS = 10 * 60_000;

/** A launch's sync: skipped when the roster was synced within `intervalMs`. */
export async function syncRosterIfDue(db: Db, org: Organisation, courseId: number, intervalMs: number) {
  const now = new Date();
  const row = await rosterLink(db, org, courseId);
  const last = row?.link.rosterSyncedAt;
  if (!row || (last && now.getTime() - last.getTime() < intervalMs)) return undefined;
  return syncRoster(db, org, courseId, now);
}

/** The course's LMS link that offers NRPS (the latest launch's), with its platform. */
async function rosterLink(db: Db, org: Organisation, courseId: number) {
  const [row] = await db
    .select({ link: ltiContextLinks, platform: ltiPlatforms })
    .from(ltiContextLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContextLinks.platformId))
    .where(
      and(
        eq(ltiContextLinks.courseId, courseId),
        eq(ltiPlatforms.organisationId, org.id),
        isNotNull(ltiContextLinks.membershipsUrl),
      ),
    )
    .orderBy(desc(ltiContextLinks.id))
    .limit(1);
  return row;
}

/** Whether the course can sync its roster, and when it last did (the learners page asks). */
export async function rosterStatus(db: Db, caller: Caller, courseId: number) {
  const m = await loadManager(db, caller, courseId);
  const row = await rosterLink(db, caller.org, m.course.id);
  return {
    roster_sync: row !== undefined,
    synced_at: row?.link.rosterSyncedAt?.toISOString() ?? null,
  };
}

/**
 * Syncs the course's roster from the LMS (NRPS, every page by the `next` Link header): members
 * linked to accounts by issuer + user id as a launch does (created when new), learners and
 * assistants enrolled, LMS-linked learners no longer active in the LMS withdrawn (never
 * deleted). The instructor's withdrawals stand: a learner withdrawn here stays withdrawn.
 * Undefined when the course has no NRPS link. Fetches everything first: a failed page changes
 * nothing.
 */
export async function syncRoster(
  db: Db,
  org: Organisation,
  courseId: number,
  now = new Date(),
): Promise<RosterSummary | undefined> {
  const row = await rosterLink(db, org, courseId);
  if (!row?.link.membershipsUrl) return undefined;
  const { platform, link } = row;
  let members: Member[];
  try {
    members = await fetchMembers(db, platform, link.membershipsUrl as string);
  } catch (error) {
    if (error instanceof LtiServiceError) throw new AppError('lti_service_failed');
    throw error;
  }
  const summary: RosterSummary = {
    members: 0,
    enrolled: 0,
    withdrawn: 0,
    unchanged: 0,
    skipped: 0,
    synced_at: now.toISOString(),
  };
  const [course] = await db
    .select({ instructorId: courses.instructorId })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) return undefined;
  const activeSubs = new Set<string>();
  for (const member of members) {
    if (!member.active) continue;
    summary.members++;
    activeSubs.add(member.sub);
    if (!member.role) {
      summary.skipped++;
      continue;
    }
    let userId: number;
    try {
      userId = await linkedUser(
        db,
        org,
        {
          issuer: platform.issuer,
          sub: member.sub,
          name: member.name,
          email: member.email,
          role: member.role,
        },
        { signIn: false },
      );
    } catch (error) {
      // A staff account or a deactivated one: left alone.
      if (error instanceof LtiRefusal) {
        summary.skipped++;
        continue;
      }
      throw error;
    }
    if (userId === course.instructorId) {
      summary.unchanged++;
      continue;
    }
    const isAssistant = member.role !== 'learner';
    const [added] = await db
      .insert(enrollments)
      .values({ courseId, userId, code: '', isAssistant })
      .onConflictDoNothing({ target: [enrollments.courseId, enrollments.userId] })
      .returning({ id: enrollments.id });
    if (added) summary.enrolled++;
    else {
      // An LMS instructor already enrolled as a learner becomes an assistant (never the reverse).
      if (isAssistant)
        await db
          .update(enrollments)
          .set({ isAssistant: true })
          .where(
            and(
              eq(enrollments.courseId, courseId),
              eq(enrollments.userId, userId),
              eq(enrollments.isActive, true),
              eq(enrollments.isInstructorSeat, false),
            ),
          );
      summary.unchanged++;
    }
  }
  // Learners linked to this LMS who are active here but no longer active there.
  const linked = await db
    .select({ enrollmentId: enrollments.id, sub: ltiUserLinks.sub })
    .from(enrollments)
    .innerJoin(
      ltiUserLinks,
      and(
        eq(ltiUserLinks.userId, enrollments.userId),
        eq(ltiUserLinks.organisationId, org.id),
        eq(ltiUserLinks.issuer, platform.issuer),
      ),
    )
    .where(
      and(
        eq(enrollments.courseId, courseId),
        eq(enrollments.isActive, true),
        eq(enrollments.isAssistant, false),
        eq(enrollments.isInstructorSeat, false),
      ),
    );
  const dropped = linked.filter((r) => !activeSubs.has(r.sub)).map((r) => r.enrollmentId);
  if (dropped.length > 0) {
    const rows = await db
      .update(enrollments)
      .set({ isActive: false })
      .where(and(inArray(enrollments.id, dropped), eq(enrollments.isActive, true)))
      .returning({ id: enrollments.id });
    summary.withdrawn = rows.length;
  }
  await db.update(ltiContextLinks).set({ rosterSyncedAt: now }).where(eq(ltiContextLinks.id, link.id));
  return summary;
}

/** Every member of every page (NRPS 2.0 membership container, `Link: <…>; rel="next"`). */
async function fetchMembers(db: Db, platform: LtiPlatform, firstUrl: string): Promise<Member[]> {
  const members: Member[] = [];
  const origin = new URL(firstUrl).origin;
  let url: string | undefined = firstUrl;
  for (let page = 0; url; page++) {
    if (page >= MAX_PAGES) throw new LtiServiceError('too many roster pages');
    const res = await callService(db, platform, [SCOPES.memberships], url, { accept: MEMBERSHIP_TYPE });
    if (!res.ok) throw new LtiServiceError(`roster page refused (${res.status})`, res.status);
    const body = (await res.json().catch(() => undefined)) as { members?: unknown } | undefined;
    if (!body || !Array.isArray(body.members)) throw new LtiServiceError('roster page without members');
    for (const raw of body.members) {
      const member = memberOf(raw);
      if (member) members.push(member);
    }
    const next = nextLink(res.headers.get('link'));
    // Only pages of the same service: a `next` elsewhere is not followed with the token.
    url = next && new URL(next, url).origin === origin ? new URL(next, url).toString() : undefined;
  }
  return members;
}

function memberOf(raw: unknown): Member | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const m = raw as Record<string, unknown>;
  const sub = typeof m.user_id === 'string' ? m.user_id.trim() : '';
  if (!sub || sub.length > 255) return undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const name = (
    str(m.name) ||
    [str(m.given_name), str(m.family_name)].filter(Boolean).join(' ') ||
    sub
  ).slice(0, 100);
  // NRPS status: Active (the default), Inactive or Deleted.
  const status = str(m.status) || 'Active';
  return {
    sub,
    name,
    email: str(m.email).toLowerCase() || undefined,
    role: mapLtiRoles(m.roles),
    active: status === 'Active',
  };
}

/** The `next` URL of an RFC 8288 Link header. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match && /\brel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}
