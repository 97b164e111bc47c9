import { z } from 'zod';
import {
  attendingTypeSchema,
  dateSchema,
  emailSchema,
  passwordSchema,
  requiredText,
  roleSchema,
} from './accounts';
import { LIMITS, MAX_PAGE_SIZE } from './constants';
import { idParamSchema } from './ids';

// The manager area (part 2 §2, §3, §5, §7): staff of an organisation list, create and change its
// users, and read its courses and assignments.

const page = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  q: z.string().trim().max(100).optional(),
};
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /users/pages/: the user list's filters. */
export const managerUserQuerySchema = z.object({
  ...page,
  is_active: flag.optional(),
  /** Signed in after this day (YYYY-MM-DD), the recent-login filter. */
  last_login__gt: dateSchema.optional(),
  profile__role: roleSchema.optional(),
  group: idParamSchema.optional(),
});
export type ManagerUserQuery = z.infer<typeof managerUserQuerySchema>;

const roleView = z.object({ value: roleSchema, display: z.string() });
const groupView = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A row of the user list. */
export const managerUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleView,
  is_staff: z.boolean(),
  group: groupView,
  last_login: z.string().nullable(),
  date_joined: z.string(),
  expire_date: z.string().nullable(),
  /** The expiry date has passed: the account cannot sign in. */
  is_expired: z.boolean(),
  courses_count: z.number().int(),
  enrolls_count: z.number().int(),
  is_active: z.boolean(),
});
export type ManagerUserRow = z.infer<typeof managerUserRowSchema>;

/** GET /users/{id}/: one user as staff see them (private fields only when the organisation collects them). */
export const managerUserSchema = managerUserRowSchema.extend({
  /** The latest expiry staff may give: the organisation's own expiry (null = no limit). */
  maximum_expire_date: z.string().nullable(),
  instructor_expire_date: z.string().nullable(),
  attending_type: attendingTypeSchema.nullable(),
  display_attending_type: z.string().nullable(),
  grade: z.number().int().nullable(),
  address: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  courses: z.array(z.object({ id: z.number().int(), name: z.string(), assignments_count: z.number().int() })),
  enrolls: z.array(
    z.object({
      id: z.number().int(),
      course: z.object({ id: z.number().int(), name: z.string() }),
      is_active: z.boolean(),
    }),
  ),
  courses_joined_name: z.string(),
  enroll_courses_joined_name: z.string(),
  is_private_info: z.boolean(),
  is_integrated_management: z.boolean(),
});
export type ManagerUser = z.infer<typeof managerUserSchema>;

const optionalGroup = z.union([idParamSchema, z.null()]).optional();

/** POST /users/: a new account made by staff. The expiry is required for instructors. */
export const managerUserCreateSchema = z
  .object({
    email: emailSchema,
    name: requiredText(LIMITS.nameMax),
    password: passwordSchema,
    passwordCheck: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    role: roleSchema,
    expire_date: z.union([dateSchema, z.literal(''), z.null()]).optional(),
    group_id: optionalGroup,
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordCheck)
      ctx.addIssue({ code: 'custom', path: ['passwordCheck'], message: 'validation.password_mismatch' });
    if (v.role === 'I' && !v.expire_date)
      ctx.addIssue({ code: 'custom', path: ['expire_date'], message: 'validation.required' });
  });
export type ManagerUserCreate = z.infer<typeof managerUserCreateSchema>;

/** PATCH /users/{id}/: role, expiry and group; or `{is_active: false}` to deactivate. */
export const managerUserUpdateSchema = z
  .object({
    role: roleSchema.optional(),
    expire_date: z.union([dateSchema, z.literal(''), z.null()]).optional(),
    group_id: optionalGroup,
    is_active: z.literal(false, { error: 'validation.invalid' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'validation.required' });
export type ManagerUserUpdate = z.infer<typeof managerUserUpdateSchema>;

/** GET /assignments/pages/: the assignment list's filters. */
export const managerAssignmentQuerySchema = z.object({
  ...page,
  /** Public (shown to learners) or not. */
  is_active: flag.optional(),
  complete: flag.optional(),
  course__instructor__group: idParamSchema.optional(),
});
export type ManagerAssignmentQuery = z.infer<typeof managerAssignmentQuerySchema>;

export const managerAssignmentRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  course: z.object({ id: z.number().int(), name: z.string() }),
  /** Part 2 §3, Assignment (manager). */
  course_id: z.number().int(),
  instructor_name: z.string(),
  group_name: z.string().nullable(),
  is_public: z.boolean(),
  is_completed: z.boolean(),
  /** The current stage code (PR before the start, CO once complete). */
  stage: z.string(),
  learners_count: z.number().int(),
  created_at: z.string(),
});
export type ManagerAssignmentRow = z.infer<typeof managerAssignmentRowSchema>;

/** GET /assignments/{id}/: one assignment as staff see it. */
export const managerAssignmentSchema = managerAssignmentRowSchema.extend({
  description: z.string(),
  course_description: z.string(),
  is_auto_schedule: z.boolean(),
  schedule_dates: z.array(
    z.object({ stage: z.string(), start_date: z.string().nullable(), end_date: z.string().nullable() }),
  ),
  /** Participants who have opened the task information. */
  learners_checked_count: z.number().int(),
  /** Per stage: how many participants finished it. */
  progresses_summary: z.array(
    z.object({ stage: z.string(), completed: z.number().int(), total: z.number().int() }),
  ),
});
export type ManagerAssignment = z.infer<typeof managerAssignmentSchema>;

/** GET /courses/{id}/manager/: one course as staff see it, with its active learners. */
export const managerCourseDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  code: z.string(),
  is_open: z.boolean(),
  created_at: z.string(),
  instructor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  group_name: z.string().nullable(),
  learners: z.array(
    z.object({ id: z.number().int(), name: z.string(), email: z.string(), code: z.string() }),
  ),
  assignments: z.array(
    z.object({ id: z.number().int(), name: z.string(), stage: z.string(), is_completed: z.boolean() }),
  ),
});
export type ManagerCourseDetail = z.infer<typeof managerCourseDetailSchema>;
