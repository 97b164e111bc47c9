import {
  type AttendingType,
  findProfileErrors,
  hasGrade,
  type PasswordChange,
  type Profile,
  type ProfileUpdate,
  type Role,
  type StandardScore,
} from '@pw/contract';
import { computeStandardScores } from '@pw/domain';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, courses, enrollments, orgGroups, reports, users } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { revokeAllTokens } from '../accounts/accounts.service';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { releasedSql } from '../assignments/release';
import { type Organisation, todayIso } from '../organisations/organisations.service';

const ATTENDING_LABELS: Record<'ko' | 'en', Record<AttendingType, string>> = {
  ko: { N: '해당 없음', E: '초등학교', M: '중학교', H: '고등학교', U: '대학교' },
  en: { N: 'Not applicable', E: 'Elementary school', M: 'Middle school', H: 'High school', U: 'University' },
};

async function findUser(db: Db, org: Organisation, userId: number) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organisationId, org.id)))
    .limit(1);
  if (!user) throw new AppError('not_found');
  return user;
}

/** The signed-in user's profile; private fields only when the organisation collects them. */
export async function getProfile(
  db: Db,
  org: Organisation,
  userId: number,
  lang: 'ko' | 'en',
): Promise<Profile> {
  const user = await findUser(db, org, userId);
  const [group] = user.groupId
    ? await db
        .select({ id: orgGroups.id, name: orgGroups.name })
        .from(orgGroups)
        .where(eq(orgGroups.id, user.groupId))
    : [];
  const taught = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.instructorId, user.id), eq(courses.organisationId, org.id)))
    .orderBy(asc(courses.id));
  const enrolled = await db
    .select({ id: enrollments.id, courseId: courses.id, courseName: courses.name })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, user.id), eq(enrollments.isActive, true)))
    .orderBy(asc(enrollments.id));
  const privateInfo = org.isPrivateInfo;
  const attending = privateInfo ? (user.attendingType as AttendingType | null) : null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as Role,
    is_staff: user.isStaff,
    attending_type: attending,
    display_attending_type: attending ? ATTENDING_LABELS[lang][attending] : null,
    grade: privateInfo && hasGrade(attending) ? user.grade : null,
    address: privateInfo ? user.address : null,
    date_of_birth: privateInfo ? user.dateOfBirth : null,
    group: group ?? null,
    courses: taught,
    enrolls: enrolled.map((e) => ({ id: e.id, course: { id: e.courseId, name: e.courseName } })),
    is_private_info: privateInfo,
  };
}

/** Updates name and school details after checking the current password (401 when wrong). */
export async function updateProfile(db: Db, org: Organisation, userId: number, body: ProfileUpdate) {
  const user = await findUser(db, org, userId);
  const errors = findProfileErrors(body, org.isPrivateInfo, todayIso());
  if (Object.keys(errors).length > 0) throw validationError(errors);
  if (!(await verifyPassword(user.passwordHash, body.password))) throw new AppError('wrong_password');
  const privateValues = org.isPrivateInfo
    ? {
        attendingType: body.attending_type,
        grade: hasGrade(body.attending_type) ? body.grade : null,
        address: body.address,
        dateOfBirth: body.date_of_birth,
      }
    : {};
  await db
    .update(users)
    .set({ name: body.name, ...privateValues })
    .where(eq(users.id, user.id));
}

/** Changes the password after checking the old one, and signs out every other session. */
export async function changePassword({
  db,
  org,
  userId,
  body,
  currentToken,
}: {
  db: Db;
  org: Organisation;
  userId: number;
  body: PasswordChange;
  /** The token of the request, which stays valid (every other session ends). */
  currentToken: string | undefined;
}) {
  const user = await findUser(db, org, userId);
  if (!(await verifyPassword(user.passwordHash, body.old_password))) {
    throw validationError({ old_password: ['validation.old_password_wrong'] });
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.new_password) })
    .where(eq(users.id, user.id));
  await revokeAllTokens(db, user.id, currentToken);
}

/**
 * Standard scores per completed assignment the user took part in, oldest first, for the graph on
 * My page: 50 + 10·z of the learner's total within the class (clamped to 0..100; docs/scoring.md),
 * from the stored reports. Instructors taking part as learners are left out of the class.
 */
export async function listStandardScores(
  db: Db,
  org: Organisation,
  userId: number,
): Promise<StandardScore[]> {
  const mine = await db
    .select({
      assignmentId: reports.assignmentId,
      enrollmentId: reports.enrollmentId,
      name: assignments.name,
    })
    .from(reports)
    .innerJoin(enrollments, eq(enrollments.id, reports.enrollmentId))
    .innerJoin(assignments, eq(assignments.id, reports.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(
      and(
        eq(enrollments.userId, userId),
        eq(courses.organisationId, org.id),
        isNotNull(reports.computedAt),
        // Release when ready: held scores stay out until released.
        releasedSql(),
      ),
    )
    .orderBy(asc(reports.computedAt), asc(assignments.id));
  if (mine.length === 0) return [];
  const classes = await db
    .select({
      assignmentId: reports.assignmentId,
      enrollmentId: reports.enrollmentId,
      scores: reports.scores,
    })
    .from(reports)
    .where(
      and(
        inArray(
          reports.assignmentId,
          mine.map((r) => r.assignmentId),
        ),
        isNotNull(reports.computedAt),
      ),
    );
  type Stored = { learner?: { isInstructorLearner?: boolean; scores?: { total?: number } } };
  return mine.flatMap((r) => {
    const totals = classes
      .filter((c) => c.assignmentId === r.assignmentId)
      .flatMap((c) => {
        const learner = (c.scores as Stored | null)?.learner;
        const total = learner?.scores?.total;
        return typeof total === 'number' && !learner?.isInstructorLearner
          ? [{ learnerId: String(c.enrollmentId), total }]
          : [];
      });
    const own = computeStandardScores(totals).find((s) => s.learnerId === String(r.enrollmentId));
    return own ? [{ assignment: r.name, standard_score: own.standardScore }] : [];
  });
}
