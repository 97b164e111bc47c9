import { z } from 'zod';
import { pageQuerySchema } from './pagination';

/**
 * What a notification is about. Learners: an assignment opened or moved to a stage where they
 * have work, a reminder before a stage ends, their scores are ready (or changed), an objection
 * they filed was answered, their late participation was approved. The instructor and assistants:
 * an objection was filed, a learner asks to take part late, the daily digest.
 */
export const NOTIFICATION_KINDS = [
  'stage_open',
  'reminder',
  'scores_ready',
  'objection_answered',
  'late_approved',
  'extension_granted',
  'reviews_short',
  'objection_filed',
  'late_request',
  'digest',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** The kinds a learner receives, and those the instructor and assistants receive. */
export const LEARNER_NOTIFICATION_KINDS = [
  'stage_open',
  'reminder',
  'scores_ready',
  'objection_answered',
  'late_approved',
  'extension_granted',
  'reviews_short',
] as const satisfies readonly (typeof NOTIFICATION_KINDS)[number][];
export const STAFF_NOTIFICATION_KINDS = [
  'objection_filed',
  'late_request',
  'digest',
] as const satisfies readonly (typeof NOTIFICATION_KINDS)[number][];

/**
 * The kinds a person can receive: a learner's if they take part in a course (or in none yet: most
 * people join as learners), the staff's if they teach or assist one.
 */
export function relevantNotificationKinds(person: {
  learns: boolean;
  teaches: boolean;
}): (typeof NOTIFICATION_KINDS)[number][] {
  return NOTIFICATION_KINDS.filter(
    (kind) =>
      ((person.learns || !person.teaches) &&
        (LEARNER_NOTIFICATION_KINDS as readonly string[]).includes(kind)) ||
      (person.teaches && (STAFF_NOTIFICATION_KINDS as readonly string[]).includes(kind)),
  );
}
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** One entry of the bell, its text in the request's language. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** The product path of the screen where the work is (`/courses/3/assignments/7`). */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema;

/** GET /notifications/: newest first, paged, with the unread count. */
export const notificationListSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  unread: z.number().int(),
  results: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** PATCH /notifications/{id}/: only marking as read (or unread again). */
export const notificationReadSchema = z.object({ read: z.boolean({ error: 'validation.required' }) });

/** Which kinds also come by mail (the bell always shows them). */
export const notificationSettingsSchema = z.object({
  mail: z.record(notificationKindSchema, z.boolean()),
  /** The kinds this person can receive (the settings screen lists only these). */
  kinds: z.array(notificationKindSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsUpdateSchema = z.object({
  mail: z.partialRecord(notificationKindSchema, z.boolean()),
});
