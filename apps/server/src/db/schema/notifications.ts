import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One notification to one person: its kind and the facts its text is made of (rendered in the
 * reader's language when read or mailed), the product path it opens, and its mail's progress
 * (`pending` until the mail sweep queues or skips it). `key` names the event: one notification
 * per event and person however often the event's code runs.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    mail: text('mail', { enum: ['pending', 'queued', 'skipped'] })
      .notNull()
      .default('pending'),
  },
  (t) => [
    uniqueIndex('notifications_user_key_key').on(t.userId, t.key),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_mail_pending_idx').on(t.id).where(sql`${t.mail} = 'pending'`),
  ],
);

/** A kind a person does not want by mail (the bell still shows it). */
export const notificationMailOff = pgTable(
  'notification_mail_off',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** The days whose digest has been made: the scheduler pass that inserts a day's row makes it. */
export const digestDays = pgTable('digest_days', {
  day: text('day').primaryKey(),
  madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
});
