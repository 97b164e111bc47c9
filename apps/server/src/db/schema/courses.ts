import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { organisations } from './organisations';
import { users } from './users';

/** A course opened by an instructor. `code` is generated at opening and never changes. */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    instructorId: integer('instructor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    code: text('code').notNull(),
    /** Whether new learners may enrol. */
    isOpen: boolean('is_open').notNull().default(true),
    /** The instructor also takes part in assignments as an anonymous learner. */
    isInstructorLearner: boolean('is_instructor_learner').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('courses_org_code_key').on(t.organisationId, t.code),
    index('courses_instructor_idx').on(t.instructorId),
    index('courses_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);

/** Lecture-plan attachments of a course. */
export const courseFiles = pgTable(
  'course_files',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.fileId] }), index('course_files_file_idx').on(t.fileId)],
);

/**
 * A user's membership of a course as a learner. `code` is the student ID. Assistants are
 * learners with `isAssistant`; a withdrawn learner has `isActive` false and loses access.
 * Part 2 keys performances, reports and scores on this row.
 */
export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isAssistant: boolean('is_assistant').notNull().default(false),
    /**
     * The instructor's own seat in a course opened with "I also take part as a learner": lets
     * the instructor write and review like a learner (anonymously). Never listed as a learner.
     */
    isInstructorSeat: boolean('is_instructor_seat').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrollments_course_user_key').on(t.courseId, t.userId),
    index('enrollments_user_idx').on(t.userId),
  ],
);
