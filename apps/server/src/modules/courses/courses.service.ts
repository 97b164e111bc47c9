import { randomInt } from 'node:crypto';
import type { Course, CourseRoleInfo, LearnerRow } from '@pw/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseFiles, courses, enrollments, files, users } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { discardFiles, type FormInput, fileLink, type StoredFile } from '../files/files.service';
import { filesOfCourse } from '../files/owned-files';
import type { Organisation } from '../organisations/organisations.service';
import { readsResults } from '../results/results.policy';
import { resultsMembershipOf } from '../results/results.queries';
import {
  assertCanOpenCourse,
  assertInstructor,
  type Caller,
  type Membership,
  seesCourseCode,
  studentCodeTarget,
} from './courses.policy';
import { loadManager, loadMembership } from './membership';

type Deps = { db: Db; storage: FileStorage; secret: string };

// No 0/O or 1/I/L: codes are read aloud and typed from slides.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random 6-character course code. */
export function generateCourseCode(): string {
  return Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

type CourseCreate = { name: string; description: string; is_instructor_learner: boolean };

/** Opens a course (instructor accounts only, before the form is read); returns its id. */
export async function openCourse(db: Db, caller: Caller, form: FormInput<CourseCreate>) {
  assertCanOpenCourse(caller.user);
  return form((body, uploaded) => createCourse(db, caller.org, caller.user, body, uploaded));
}

/** Opens a course with a code unique in the organisation; returns its id. */
async function createCourse(
  db: Db,
  org: Organisation,
  user: AuthenticatedUser,
  body: CourseCreate,
  uploaded: StoredFile[],
) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await db
      .insert(courses)
      .values({
        organisationId: org.id,
        instructorId: user.id,
        name: body.name,
        description: body.description,
        code: generateCourseCode(),
        isInstructorLearner: body.is_instructor_learner,
      })
      .onConflictDoNothing({ target: [courses.organisationId, courses.code] })
      .returning({ id: courses.id });
    if (row) {
      if (body.is_instructor_learner) {
        await db
          .insert(enrollments)
          .values({ courseId: row.id, userId: user.id, code: '', isInstructorSeat: true });
      }
      if (uploaded.length)
        await db.insert(courseFiles).values(uploaded.map((f) => ({ courseId: row.id, fileId: f.id })));
      return row;
    }
  }
  throw new AppError('conflict');
}

/** GET a course: any member (others 404, withdrawn learners 403). */
export async function getCourse(deps: Deps, caller: Caller, courseId: number): Promise<Course> {
  return presentCourse(deps, await loadMembership(deps.db, caller, courseId));
}

/** The course as this member sees it. */
async function presentCourse(deps: Deps, m: Membership): Promise<Course> {
  const [instructor] = await deps.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, m.course.instructorId));
  const attached = await deps.db
    .select({
      id: files.id,
      organisationId: files.organisationId,
      originalName: files.originalName,
      size: files.size,
    })
    .from(courseFiles)
    .innerJoin(files, eq(files.id, courseFiles.fileId))
    .where(eq(courseFiles.courseId, m.course.id))
    .orderBy(asc(files.id));
  const learners = await activeLearners(deps.db, m.course.id);
  return {
    id: m.course.id,
    name: m.course.name,
    description: m.course.description,
    code: seesCourseCode(m) ? m.course.code : null,
    is_open: m.course.isOpen,
    is_instructor_learner: m.course.isInstructorLearner,
    files: attached.map((f) => fileLink(deps.secret, f)),
    instructor: instructor ?? { name: '', email: '' },
    is_instructor: m.isInstructor,
    learners_count: learners,
    created_at: m.course.createdAt.toISOString(),
  };
}

type CourseUpdate = {
  name?: string | undefined;
  description?: string | undefined;
  is_open?: boolean | undefined;
  delete_files: number[];
};

/** Edits the course (instructor and assistants, checked before the form is read); returns it as edited. */
export async function updateCourse(
  deps: Deps,
  caller: Caller,
  courseId: number,
  form: FormInput<CourseUpdate>,
) {
  const m = await loadManager(deps.db, caller, courseId);
  await form((body, uploaded) => saveCourse(deps, m, body, uploaded));
  return presentCourse(deps, await loadMembership(deps.db, caller, courseId));
}

/** Saves name, description, registration and files; removed files are deleted from storage. */
async function saveCourse(deps: Deps, m: Membership, body: CourseUpdate, uploaded: StoredFile[]) {
  await deps.db.transaction(async (tx) => {
    const set: Partial<typeof courses.$inferInsert> = { updatedAt: new Date() };
    if (body.name !== undefined) set.name = body.name;
    if (body.description !== undefined) set.description = body.description;
    if (body.is_open !== undefined) set.isOpen = body.is_open;
    await tx.update(courses).set(set).where(eq(courses.id, m.course.id));
    if (uploaded.length)
      await tx.insert(courseFiles).values(uploaded.map((f) => ({ courseId: m.course.id, fileId: f.id })));
  });
  if (body.delete_files.length) {
    const owned = await deps.db
      .select({ id: files.id, storageKey: files.storageKey })
      .from(courseFiles)
      .innerJoin(files, eq(files.id, courseFiles.fileId))
      .where(and(eq(courseFiles.courseId, m.course.id), inArray(files.id, body.delete_files)));
    if (owned.length !== new Set(body.delete_files).size)
      throw validationError({ delete_files: ['validation.invalid'] });
    await discardFiles(deps, owned);
  }
}

/** Deletes the course with its enrolments, posts and files (its instructor only). */
export async function deleteCourse(deps: Deps, caller: Caller, courseId: number) {
  const m = await loadMembership(deps.db, caller, courseId);
  assertInstructor(m);
  // The course's files and those of its posts, assignments and learners' work; rows and bytes go
  // once the course (and by cascade every link to them) is gone.
  const owned = await deps.db.transaction(async (tx) => {
    const found = await filesOfCourse(tx, m.course.id);
    await tx.delete(courses).where(eq(courses.id, m.course.id));
    return found;
  });
  await discardFiles(deps, owned);
}

/** Role info for the course route guard (part 1 §3). */
export async function roleInfo(db: Db, caller: Caller, courseId: number): Promise<CourseRoleInfo> {
  const m = await loadMembership(db, caller, courseId);
  return {
    course: m.course.id,
    is_instructor: m.isInstructor,
    is_assistant: m.isAssistant,
    is_learner: m.isLearner,
    enrollment: m.enrollment?.id ?? null,
    reads_results: readsResults(await resultsMembershipOf(db, m)),
  };
}

/** The member's own student ID and whether they assist (learner-info). */
export async function learnerInfo(db: Db, caller: Caller, courseId: number) {
  const m = await loadMembership(db, caller, courseId);
  return { learner_code: m.enrollment?.code ?? null, is_assistant: m.isAssistant };
}

/** Every enrolment of the course (withdrawn included), for student management (instructor and assistants). */
export async function listLearners(db: Db, caller: Caller, courseId: number): Promise<LearnerRow[]> {
  const m = await loadManager(db, caller, courseId);
  const rows = await db
    .select({ enrollment: enrollments, user: { id: users.id, name: users.name, email: users.email } })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.courseId, m.course.id), eq(enrollments.isInstructorSeat, false)))
    .orderBy(asc(enrollments.code), asc(users.name));
  return rows.map((r) => ({
    id: r.enrollment.id,
    user: r.user,
    code: r.enrollment.code,
    is_active: r.enrollment.isActive,
    is_assistant: r.enrollment.isAssistant,
  }));
}

/** Changes a student ID: a learner's own, or (managers) any learner's of the course. */
export async function changeStudentCode({
  db,
  caller,
  courseId,
  code,
  enrollId,
}: {
  db: Db;
  caller: Caller;
  courseId: number;
  code: string;
  /** Another learner's enrolment (instructor and assistants); the caller's own when absent. */
  enrollId: number | undefined;
}) {
  const m = await loadMembership(db, caller, courseId);
  const targetId = studentCodeTarget(m, enrollId);
  const updated = await db
    .update(enrollments)
    .set({ code })
    .where(and(eq(enrollments.id, targetId), eq(enrollments.courseId, m.course.id)))
    .returning({ code: enrollments.code });
  if (updated.length === 0) throw new AppError('not_found');
  return { code };
}

/** Number of active learners (any member may ask). */
export async function countLearners(db: Db, caller: Caller, courseId: number) {
  const m = await loadMembership(db, caller, courseId);
  return { count: await activeLearners(db, m.course.id) };
}

async function activeLearners(db: Db, courseId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.courseId, courseId),
        eq(enrollments.isActive, true),
        eq(enrollments.isInstructorSeat, false),
      ),
    );
  return row?.n ?? 0;
}
