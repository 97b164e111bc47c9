import type { PageQuery, SupportInquiry } from '@pw/contract';
import { and, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments, supportInquiries, users } from '../../db/schema';
import { type Jobs, QUEUES } from '../../jobs/queues';
import { AppError, validationError } from '../../lib/errors';
import { pageOffset } from '../../lib/pagination';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import type { Organisation } from '../organisations/organisations.service';
import { assertCanReadInquiries } from './supports.policy';

/** True when the course is one the user teaches or takes (actively) in this organisation. */
async function isOwnCourse(db: Db, org: Organisation, userId: number, courseId: number) {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .leftJoin(
      enrollments,
      and(
        eq(enrollments.courseId, courses.id),
        eq(enrollments.userId, userId),
        eq(enrollments.isActive, true),
      ),
    )
    .where(
      and(
        eq(courses.id, courseId),
        eq(courses.organisationId, org.id),
        or(eq(courses.instructorId, userId), eq(enrollments.userId, userId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Stores an inquiry and, when the organisation has a support address, queues its mail in the same
 * transaction: the queue sends it once, retrying while the mail server is down.
 */
export async function createInquiry(
  deps: { db: Db; jobs: Jobs },
  org: Organisation,
  user: AuthenticatedUser,
  body: { content: string; course: number | null },
) {
  if (body.course !== null && !(await isOwnCourse(deps.db, org, user.id, body.course))) {
    throw validationError({ course: ['validation.invalid_course'] });
  }
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportInquiries)
      .values({ organisationId: org.id, userId: user.id, courseId: body.course, content: body.content })
      .returning({ id: supportInquiries.id });
    if (!row) throw new AppError('internal_error');
    if (org.supportEmail) {
      await deps.jobs.sendMail(
        {
          to: org.supportEmail,
          subject: `[${org.name}] 문의 #${row.id} / Inquiry #${row.id}`,
          text: `${user.name} <${user.email}>\n${body.course ? `course #${body.course}\n` : ''}\n${body.content}\n`,
        },
        { key: `support-inquiry:${row.id}`, db: tx },
      );
    }
    return row.id;
  });
  if (org.supportEmail) deps.jobs.wake(QUEUES.mail);
  return { id };
}

/** Staff list of the organisation's inquiries, newest first. */
export async function listInquiries(
  db: Db,
  org: Organisation,
  user: AuthenticatedUser,
  page: PageQuery,
): Promise<{ count: number; rows: SupportInquiry[] }> {
  assertCanReadInquiries(user);
  const where = eq(supportInquiries.organisationId, org.id);
  const count = await db.$count(supportInquiries, where);
  const rows = await db
    .select({
      id: supportInquiries.id,
      content: supportInquiries.content,
      createdAt: supportInquiries.createdAt,
      courseId: courses.id,
      courseName: courses.name,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
    })
    .from(supportInquiries)
    .leftJoin(courses, eq(courses.id, supportInquiries.courseId))
    .leftJoin(users, eq(users.id, supportInquiries.userId))
    .where(where)
    .orderBy(desc(supportInquiries.createdAt), desc(supportInquiries.id))
    .limit(page.page_size)
    .offset(pageOffset(page));
  return {
    count,
    rows: rows.map((r) => ({
      id: r.id,
      content: r.content,
      created_at: r.createdAt.toISOString(),
      course: r.courseId !== null && r.courseName !== null ? { id: r.courseId, name: r.courseName } : null,
      user:
        r.userId !== null && r.userName !== null && r.userEmail !== null
          ? { id: r.userId, name: r.userName, email: r.userEmail }
          : null,
    })),
  };
}
