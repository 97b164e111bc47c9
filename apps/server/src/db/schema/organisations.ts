import { boolean, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A tenant: its branding, settings and the subdomain that selects it. */
export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Null for the default organisation, which serves every host that names no subdomain. */
    subdomain: text('subdomain'),
    isDefault: boolean('is_default').notNull().default(false),
    loginTitle: text('login_title').notNull().default(''),
    loginDesc: text('login_desc').notNull().default(''),
    loginImage: text('login_image'),
    rgb: text('rgb').notNull().default('86,70,255'),
    isSignUpAvailable: boolean('is_sign_up_available').notNull().default(true),
    isPrivateInfo: boolean('is_private_info').notNull().default(true),
    isIntegratedManagement: boolean('is_integrated_management').notNull().default(false),
    expireDate: date('expire_date'),
    supportEmail: text('support_email'),
    /** Whether learners are reminded before a stage ends (`npm run org -- update … --reminders off`). */
    reminders: boolean('reminders').notNull().default(true),
    /** Single sign-on by OpenID Connect (`npm run org -- update … --oidc-issuer URL …`); null: off. */
    oidcIssuer: text('oidc_issuer'),
    oidcClientId: text('oidc_client_id'),
    /** The client secret at the identity provider: stored, never returned by any API. */
    oidcClientSecret: text('oidc_client_secret'),
    /** Whether the email-and-password sign-in is offered (off only with single sign-on on). */
    passwordSignIn: boolean('password_sign_in').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organisations_subdomain_key').on(t.subdomain)],
);

/** Groups inside an organisation (departments, schools) used by integrated management. */
export const orgGroups = pgTable(
  'org_groups',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('org_groups_org_name_key').on(t.organisationId, t.name)],
);
