import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations, orgGroups } from './organisations';

/**
 * A person's account in one organisation, with the profile fields inline (one row per user keeps
 * every profile read a single lookup). The same email may exist in two organisations.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Stored lower-cased; unique per organisation. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** I instructor, L learner. */
    role: text('role', { enum: ['I', 'L'] })
      .notNull()
      .default('L'),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    groupId: integer('group_id').references(() => orgGroups.id, { onDelete: 'set null' }),
    attendingType: text('attending_type', { enum: ['N', 'E', 'M', 'H', 'U'] }),
    grade: smallint('grade'),
    address: text('address'),
    dateOfBirth: date('date_of_birth'),
    /** Last day the account may sign in (instructor validity); null means no limit. */
    expireDate: date('expire_date'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** The interface language the person last used (their mails are in it); null: Korean. */
    language: text('language', { enum: ['ko', 'en'] }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_org_email_key').on(t.organisationId, t.email),
    index('users_org_role_idx').on(t.organisationId, t.role),
    index('users_org_last_login_idx').on(t.organisationId, t.lastLogin),
  ],
);

/** Bearer tokens. Only a SHA-256 of the token is stored, so a database leak reveals no session. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/** One-time password-reset links (hash only), used by the server-side reset pages. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Failed sign-in counters for rate limiting, kept in the database so that several server
 * processes share them. `key` is e.g. `email:<org>:<email>` or `ip:<address>`.
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});
