import { z } from 'zod';
import { requiredText } from './accounts';
import { LIMITS } from './constants';
import { idParamSchema, idSchema } from './ids';
import { STAGE_MODELS } from './stages';

const required = 'validation.required';

/** Multipart text fields arrive as strings: "true"/"false"/"on" become booleans. */
export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

export const fileRefSchema = z.object({
  id: z.number().int(),
  file: z.string(),
  name: z.string(),
  size: z.number().int(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

export const personSchema = z.object({ name: z.string(), email: z.string() });

/** POST /courses/ (multipart: these fields plus `files`). */
export const courseCreateSchema = z.object({
  name: requiredText(LIMITS.courseNameMax),
  description: z.string().trim().max(5000, { error: 'validation.too_long' }).default(''),
  is_instructor_learner: formBoolean.default(false),
});
export type CourseCreateInput = z.input<typeof courseCreateSchema>;

/** PATCH /courses/{id}/ (multipart: these fields, `files` to add, `delete_files` ids to remove). */
export const courseUpdateSchema = z.object({
  name: requiredText(LIMITS.courseNameMax).optional(),
  description: z.string().trim().max(5000, { error: 'validation.too_long' }).optional(),
  is_open: formBoolean.optional(),
  delete_files: z
    .union([z.array(idParamSchema), idParamSchema])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});
export type CourseUpdateInput = z.input<typeof courseUpdateSchema>;

/** A course as its members see it; `code` only for the instructor. */
export const courseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  code: z.string().nullable(),
  is_open: z.boolean(),
  is_instructor_learner: z.boolean(),
  files: z.array(fileRefSchema),
  instructor: personSchema,
  is_instructor: z.boolean(),
  learners_count: z.number().int(),
  created_at: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

export const courseSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  instructor_name: z.string(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** GET /users/course/: the side navigation's lists. */
export const userCoursesSchema = z.object({
  opened: z.array(courseSummarySchema),
  enrolled: z.array(courseSummarySchema.extend({ is_assistant: z.boolean() })),
});
export type UserCourses = z.infer<typeof userCoursesSchema>;

/** GET /courses/{id}/role/ (part 1 §3 role info). */
export const courseRoleSchema = z.object({
  course: z.number().int(),
  is_instructor: z.boolean(),
  is_assistant: z.boolean(),
  is_learner: z.boolean(),
  /**
   * The caller's own enrolment in the course (a learner's, an assistant's, the instructor's seat),
   * null without one: the screens offer no manager's action on the rows of the caller's own work.
   */
  enrollment: z.number().int().nullable(),
  /**
   * The caller may read the course results (the instructor, and assistants who took part in none
   * of its completed assignments): the screens show the results link only then.
   */
  reads_results: z.boolean(),
});
export type CourseRoleInfo = z.infer<typeof courseRoleSchema>;

/** A learner row of student management (part 1 §3). */
export const learnerRowSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  code: z.string(),
  is_active: z.boolean(),
  is_assistant: z.boolean(),
});
export type LearnerRow = z.infer<typeof learnerRowSchema>;

export const studentIdSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .max(LIMITS.studentIdMax, { error: 'validation.too_long' });

/** POST /enrolls/: the student ID and the course code. */
export const enrollCreateSchema = z.object({
  code: studentIdSchema,
  course_code: z
    .string({ error: required })
    .trim()
    .min(1, { error: 'validation.course_code_required' })
    .max(20, { error: 'validation.too_long' })
    .transform((v) => v.toUpperCase()),
});
export type EnrollCreateInput = z.input<typeof enrollCreateSchema>;

/** PATCH /enrolls/{id}/enroll-change/. */
export const enrollChangeSchema = z
  .object({ is_active: z.boolean().optional(), is_assistant: z.boolean().optional() })
  .refine((v) => v.is_active !== undefined || v.is_assistant !== undefined, { message: required });
export const enrollChangeResponseSchema = z.object({ is_active: z.boolean(), is_assistant: z.boolean() });

/** PATCH /courses/{id}/code-change/: a learner's own student ID, or (managers) a learner's by `enroll`. */
export const codeChangeSchema = z.object({ code: studentIdSchema, enroll: idSchema.optional() });

/** GET /courses/{id}/learner-info/. */
export const learnerInfoSchema = z.object({ learner_code: z.string().nullable(), is_assistant: z.boolean() });

/**
 * A learner's open extension as their screens show it beside the schedule (issue 33, item 1): the
 * stage (its code) and the learner's own end; `current` when the stage is in the running step
 * (its end then replaces the step's end on the card).
 */
export const learnerExtensionSchema = z.object({
  stage: z.string(),
  model: z.enum(STAGE_MODELS),
  end_date: z.string(),
  current: z.boolean(),
});
export type LearnerExtension = z.infer<typeof learnerExtensionSchema>;

/** GET /users/dashboard/: course boxes; assignments arrive with the assignment issues. */
export const dashboardCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  instructor_name: z.string(),
  role: z.enum(['instructor', 'learner']),
  is_assistant: z.boolean(),
  assignments: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.number().int(),
      stage: z.string().nullable(),
      end_date: z.string().nullable(),
      is_waiting_next_stage: z.boolean(),
      is_auto_schedule: z.boolean(),
      next_start_date: z.string().nullable(),
      /** For a learner: complete, but the scores are held until the instructor releases them. */
      scores_held: z.boolean(),
      /** For a learner: their open extension ending first (null: none), as on the assignment. */
      extension: learnerExtensionSchema.nullable().optional(),
    }),
  ),
});
export type DashboardCourse = z.infer<typeof dashboardCourseSchema>;

/** GET /courses/pages/ (staff): the organisation's courses, searched and paged. */
export const managerCourseQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().trim().max(100).optional(),
  instructor__group: idParamSchema.optional(),
});

export const managerCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  code: z.string(),
  is_open: z.boolean(),
  instructor: personSchema,
  instructor_name: z.string(),
  group_name: z.string().nullable(),
  created_at: z.string(),
  learners_count: z.number().int(),
  assignments_count: z.number().int(),
  completed_assignments_count: z.number().int(),
});
export type ManagerCourse = z.infer<typeof managerCourseSchema>;
