import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { users } from './users';

/**
 * A single sign-on that has started and not yet come back: the state, nonce and PKCE verifier,
 * bound to the browser by an HttpOnly cookie whose SHA-256 is the key. In the database, so the
 * callback may reach any node; deleted when used (once) and useless after `expiresAt`.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    browserHash: text('browser_hash').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    lang: text('lang', { enum: ['ko', 'en'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_logins_expires_idx').on(t.expiresAt)],
);

/**
 * The one-time code a finished single sign-on hands the web app (in the URL fragment), which it
 * exchanges once for a session token. Only its SHA-256 is kept.
 */
export const oidcHandoffs = pgTable(
  'oidc_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie set with the code: only the browser that signed in can exchange it. */
    browserHash: text('browser_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_handoffs_expires_idx').on(t.expiresAt)],
);
