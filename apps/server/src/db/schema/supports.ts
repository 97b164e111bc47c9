import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { courses } from './courses';
import { organisations } from './organisations';
import { users } from './users';

/** A support inquiry sent from /supports. */
export const supportInquiries = pgTable(
  'support_inquiries',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_inquiries_org_idx').on(t.organisationId, t.createdAt)],
);
