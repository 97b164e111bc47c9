import {
  boolean,
  doublePrecision,
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
import { assignments } from './assignments';
import { courses } from './courses';
import { organisations } from './organisations';
import { users } from './users';

/**
 * The tool's own signing keys (LTI 1.3), published at `/lti/jwks` and looked up by `kid`.
 * Rotation adds a new key; retired keys stay published until `retiredAt` + a grace period.
 */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  id: serial('id').primaryKey(),
  kid: text('kid').notNull().unique(),
  alg: text('alg').notNull().default('RS256'),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** An LMS (platform) registered with an organisation: one issuer + client id. */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    deploymentIds: text('deployment_ids').array().notNull(),
    loginUrl: text('login_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    /**
     * Origins that may frame the tool besides the issuer's and the login URL's (Canvas frames from
     * the school's own domain, e.g. https://school.instructure.com).
     */
    frameOrigins: text('frame_origins').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lti_platforms_org_issuer_client_key').on(t.organisationId, t.issuer, t.clientId)],
);

/** One OIDC login initiation: its state (bound to the browser by a cookie) and single-use nonce. */
export const ltiLaunchStates = pgTable(
  'lti_launch_states',
  {
    state: text('state').primaryKey(),
    nonce: text('nonce').notNull(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('lti_launch_states_expires_idx').on(t.expiresAt)],
);

/** Nonces of id_tokens already accepted, per platform: a replayed token is refused. */
export const ltiUsedNonces = pgTable(
  'lti_used_nonces',
  {
    platformId: integer('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('lti_used_nonces_key').on(t.platformId, t.nonce)],
);

/** An LMS user (issuer + sub) linked to a PeerWrite account of the organisation. */
export const ltiUserLinks = pgTable(
  'lti_user_links',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    sub: text('sub').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_user_links_key').on(t.organisationId, t.issuer, t.sub),
    index('lti_user_links_user_idx').on(t.userId),
  ],
);

/** An LMS context (course section) linked to a course, per platform registration and deployment. */
export const ltiContextLinks = pgTable(
  'lti_context_links',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    contextId: text('context_id').notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The NRPS `context_memberships_url` of the latest launch that carried one (roster sync). */
    membershipsUrl: text('memberships_url'),
    /** When the roster was last synced from the LMS. */
    rosterSyncedAt: timestamp('roster_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_context_links_key').on(t.platformId, t.deploymentId, t.contextId),
    index('lti_context_links_course_idx').on(t.courseId),
  ],
);

/** An LMS resource link (one placement of the tool) linked to an assignment. */
export const ltiResourceLinks = pgTable(
  'lti_resource_links',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    resourceLinkId: text('resource_link_id').notNull(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    /** The AGS endpoint claim of the latest launch: the line item grades go to, and its scopes. */
    lineitemUrl: text('lineitem_url'),
    lineitemsUrl: text('lineitems_url'),
    agsScopes: text('ags_scopes').array().notNull().default([]),
    /**
     * When a grade job began creating the line item in the LMS (the platform sent only
     * `lineitems`): one job creates it, the others wait for its URL (a stale claim is taken over).
     */
    lineitemClaimedAt: timestamp('lineitem_claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_resource_links_key').on(t.platformId, t.deploymentId, t.resourceLinkId),
    index('lti_resource_links_assignment_idx').on(t.assignmentId),
  ],
);

/**
 * One-time codes handing a launch's sign-in to the web app (hash only, one minute, single use):
 * the web app exchanges it for a session token, so no token ever travels in a URL.
 */
export const ltiLoginCodes = pgTable('lti_login_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The web path to land on after the exchange. */
  target: text('target').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Grade passback (AGS): per learner and assignment, the total to send and what the LMS holds.
 * `version` grows with every new score to send; a job names the version it sends, so only the
 * latest is sent (an older job finds a newer version and stops). Status: pending (queued),
 * sent (the LMS accepted `sentScore`), failed (the last try failed; the queue retries).
 * `attempts` counts the tries of the current version.
 */
export const ltiGradeSends = pgTable(
  'lti_grade_sends',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: doublePrecision('score').notNull(),
    version: integer('version').notNull().default(1),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    sentScore: doublePrecision('sent_score'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('lti_grade_sends_pending_idx').on(t.status),
  ],
);

/**
 * A Deep Linking request waiting for the instructor's choice (LTI Deep Linking 2.0): what the
 * platform asked for, bound on the server. The browser holds only an opaque handle (its hash
 * here); the answer's return URL, `data`, deployment and course are read from this row, once.
 */
export const ltiDeepLinkSessions = pgTable('lti_deep_link_sessions', {
  handleHash: text('handle_hash').primaryKey(),
  platformId: integer('platform_id')
    .notNull()
    .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
  deploymentId: text('deployment_id').notNull(),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  returnUrl: text('return_url').notNull(),
  /** The settings' opaque `data`, echoed in the answer. */
  data: text('data'),
  /** False when the platform said it ignores line items (`accept_lineitem: false`). */
  acceptLineItem: boolean('accept_line_item').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
