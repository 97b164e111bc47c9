import { pgTable, text } from 'drizzle-orm/pg-core';

/** Process-wide settings that every server copy must share (e.g. the URL-signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
