import {
  type AttendingType,
  hasGrade,
  type Language,
  type ManagerUser,
  type ManagerUserCreate,
  type ManagerUserQuery,
  type ManagerUserRow,
  type ManagerUserUpdate,
} from '@pw/contract';
import { and, asc, desc, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, authTokens, courses, enrollments, orgGroups, users } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { pageOffset } from '../../lib/pagination';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { hashPassword } from '../accounts/passwords';
import { assertStaff } from '../accounts/staff.policy';
import { type Organisation, todayIso } from '../organisations/organisations.service';

const ROLE_LABELS: Record<Language, Record<'I' | 'L', string>> = {
  ko: { I: '교수자', L: '학습자' },
  en: { I: 'Instructor', L: 'Learner' },
};
const ATTENDING_LABELS: Record<Language, Record<AttendingType, string>> = {
  ko: { N: '해당 없음', E: '초등학교', M: '중학교', H: '고등학교', U: '대학교' },
  en: { N: 'Not applicable', E: 'Elementary school', M: 'Middle school', H: 'High school', U: 'University' },
};

type Caller = { org: Organisation; user: AuthenticatedUser };

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE of the user list: the organisation, then each filter given. */
export function userFilters(
  org: Organisation,
  query: Omit<ManagerUserQuery, 'page' | 'page_size'>,
): SQL | undefined {
  const filters: SQL[] = [eq(users.organisationId, org.id)];
  if (query.q) {
    const like = escapeLike(query.q);
    const match = or(ilike(users.name, like), ilike(users.email, like));
    if (match) filters.push(match);
  }
  if (query.is_active !== undefined) filters.push(eq(users.isActive, query.is_active));
  if (query.profile__role) filters.push(eq(users.role, query.profile__role));
  if (query.last_login__gt) filters.push(gt(users.lastLogin, new Date(`${query.last_login__gt}T00:00:00Z`)));
  if (query.group !== undefined && org.isIntegratedManagement) filters.push(eq(users.groupId, query.group));
  return and(...filters);
}

const coursesCount = sql<number>`(select count(*)::int from ${courses} where ${courses.instructorId} = ${users.id})`;
const enrollsCount = sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.userId} = ${users.id} and not ${enrollments.isInstructorSeat})`;

/** The rows of one page (or of the whole filtered list, for the export), newest first. */
export async function userRows(
  db: Db,
  org: Organisation,
  query: Omit<ManagerUserQuery, 'page' | 'page_size'>,
  { lang, window, only }: { lang: Language; window?: { limit: number; offset: number }; only?: number },
): Promise<ManagerUserRow[]> {
  const base = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      isStaff: users.isStaff,
      isActive: users.isActive,
      groupId: users.groupId,
      groupName: orgGroups.name,
      lastLogin: users.lastLogin,
      dateJoined: users.dateJoined,
      expireDate: users.expireDate,
      coursesCount,
      enrollsCount,
    })
    .from(users)
    .leftJoin(orgGroups, eq(orgGroups.id, users.groupId))
    .where(only === undefined ? userFilters(org, query) : and(userFilters(org, query), eq(users.id, only)))
    .orderBy(desc(users.dateJoined), desc(users.id));
  const rows = window ? await base.limit(window.limit).offset(window.offset) : await base;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: { value: r.role, display: ROLE_LABELS[lang][r.role] },
    is_staff: r.isStaff,
    group: r.groupId !== null && r.groupName !== null ? { id: r.groupId, name: r.groupName } : null,
    last_login: r.lastLogin?.toISOString() ?? null,
    date_joined: r.dateJoined.toISOString(),
    expire_date: r.expireDate,
    courses_count: Number(r.coursesCount),
    enrolls_count: Number(r.enrollsCount),
    is_active: r.isActive,
    // Past its expiry date the account cannot sign in (accounts.service), whatever is_active says.
    is_expired: r.expireDate != null && r.expireDate < todayIso(),
  }));
}

/** GET /users/pages/: one page of the organisation's users (staff only). */
export async function listUsers({ org, user }: Caller, query: ManagerUserQuery, db: Db, lang: Language) {
  assertStaff(user);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(userFilters(org, query));
  const results = await userRows(db, org, query, {
    lang,
    window: { limit: query.page_size, offset: pageOffset(query) },
  });
  return { count: total?.n ?? 0, results };
}

/** GET /users/{id}/: one user of the organisation with their courses and enrolments. */
export async function getUser(
  { org, user }: Caller,
  userId: number,
  db: Db,
  lang: Language,
): Promise<ManagerUser> {
  assertStaff(user);
  const [row] = await userRows(db, org, {}, { lang, only: userId });
  const [full] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organisationId, org.id)));
  if (!row || !full) throw new AppError('not_found');
  const taught = await db
    .select({
      id: courses.id,
      name: courses.name,
      assignmentsCount: sql<number>`(select count(*)::int from ${assignments} where ${assignments.courseId} = ${courses.id})`,
    })
    .from(courses)
    .where(eq(courses.instructorId, userId))
    .orderBy(asc(courses.id));
  const enrolled = await db
    .select({
      id: enrollments.id,
      isActive: enrollments.isActive,
      courseId: courses.id,
      courseName: courses.name,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), eq(enrollments.isInstructorSeat, false)))
    .orderBy(asc(enrollments.id));
  const privateInfo = org.isPrivateInfo;
  const attending = privateInfo ? full.attendingType : null;
  return {
    ...row,
    maximum_expire_date: org.expireDate,
    instructor_expire_date: full.role === 'I' ? full.expireDate : null,
    attending_type: attending,
    display_attending_type: attending ? ATTENDING_LABELS[lang][attending] : null,
    grade: privateInfo && hasGrade(attending) ? full.grade : null,
    address: privateInfo ? full.address : null,
    date_of_birth: privateInfo ? full.dateOfBirth : null,
    courses: taught.map((c) => ({ id: c.id, name: c.name, assignments_count: Number(c.assignmentsCount) })),
    enrolls: enrolled.map((e) => ({
      id: e.id,
      course: { id: e.courseId, name: e.courseName },
      is_active: e.isActive,
    })),
    courses_joined_name: taught.map((c) => c.name).join(', '),
    enroll_courses_joined_name: enrolled.map((e) => e.courseName).join(', '),
    is_private_info: org.isPrivateInfo,
    is_integrated_management: org.isIntegratedManagement,
  };
}

/** Checks an expiry against the organisation's own, and a group against the organisation. */
async function checkExpiryAndGroup(
  db: Db,
  org: Organisation,
  body: { expire_date?: string | null | undefined; group_id?: number | null | undefined },
) {
  const fields: Record<string, string[]> = {};
  if (body.expire_date && org.expireDate && body.expire_date > org.expireDate)
    fields.expire_date = ['validation.expire_after_organisation'];
  if (body.group_id !== undefined && body.group_id !== null) {
    if (!org.isIntegratedManagement) fields.group_id = ['validation.invalid'];
    else {
      const [group] = await db
        .select({ id: orgGroups.id })
        .from(orgGroups)
        .where(and(eq(orgGroups.id, body.group_id), eq(orgGroups.organisationId, org.id)));
      if (!group) fields.group_id = ['validation.invalid'];
    }
  }
  if (Object.keys(fields).length) throw validationError(fields);
}

/** POST /users/: staff create an account (406 on a duplicate email). */
export async function createUser({ org, user }: Caller, body: ManagerUserCreate, db: Db) {
  assertStaff(user);
  await checkExpiryAndGroup(db, org, body);
  const [row] = await db
    .insert(users)
    .values({
      organisationId: org.id,
      email: body.email,
      name: body.name,
      passwordHash: await hashPassword(body.password),
      role: body.role,
      expireDate: body.expire_date || null,
      groupId: org.isIntegratedManagement ? (body.group_id ?? null) : null,
    })
    .onConflictDoNothing({ target: [users.organisationId, users.email] })
    .returning({ id: users.id });
  if (!row) throw new AppError('duplicate_email');
  return row;
}

/**
 * PATCH /users/{id}/: role, expiry and group, or deactivation. Deactivating revokes every token of
 * the account in the same transaction, so an open session ends at its next request; staff cannot
 * deactivate themself.
 */
export async function updateUser({ org, user }: Caller, userId: number, body: ManagerUserUpdate, db: Db) {
  assertStaff(user);
  const [target] = await db
    .select({ id: users.id, role: users.role, expireDate: users.expireDate })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organisationId, org.id)));
  if (!target) throw new AppError('not_found');
  if (body.is_active === false) {
    if (target.id === user.id) throw validationError({ is_active: ['validation.cannot_deactivate_self'] });
    await db.transaction(async (tx) => {
      await tx.update(users).set({ isActive: false }).where(eq(users.id, target.id));
      await tx
        .update(authTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(authTokens.userId, target.id), isNull(authTokens.revokedAt)));
    });
    return;
  }
  await checkExpiryAndGroup(db, org, body);
  const role = body.role ?? target.role;
  const expire = body.expire_date === undefined ? target.expireDate : body.expire_date || null;
  if (role === 'I' && !expire) throw validationError({ expire_date: ['validation.required'] });
  await db
    .update(users)
    .set({
      role,
      expireDate: expire,
      ...(body.group_id !== undefined && org.isIntegratedManagement ? { groupId: body.group_id } : {}),
    })
    .where(eq(users.id, target.id));
}
