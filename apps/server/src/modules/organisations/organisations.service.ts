import { APP_TIMEZONE, type Configuration } from '@pw/contract';
import { asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations, orgGroups } from '../../db/schema';

export type Organisation = typeof organisations.$inferSelect;

/**
 * The subdomain a host names under `baseDomain`, or null for any other host (localhost, an IP,
 * the bare base domain), which belongs to the default organisation.
 */
export function subdomainOf(host: string | undefined, baseDomain: string | undefined): string | null {
  if (!host || !baseDomain) return null;
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (!name.endsWith(`.${baseDomain}`)) return null;
  const label = name.slice(0, -(baseDomain.length + 1));
  return label && !label.includes('.') ? label : null;
}

/** Finds the organisation for a subdomain (null: the default organisation). */
export async function findOrganisation(db: Db, subdomain: string | null): Promise<Organisation | undefined> {
  const [row] = await db
    .select()
    .from(organisations)
    .where(
      subdomain
        ? eq(organisations.subdomain, subdomain)
        : or(eq(organisations.isDefault, true), isNull(organisations.subdomain)),
    )
    .orderBy(asc(organisations.id))
    .limit(1);
  return row;
}

/** The public branding, settings and group list of an organisation (part 1 §3). */
export async function getConfiguration(db: Db, org: Organisation): Promise<Configuration> {
  const groups = await db
    .select({ id: orgGroups.id, name: orgGroups.name })
    .from(orgGroups)
    .where(eq(orgGroups.organisationId, org.id))
    .orderBy(asc(orgGroups.name));
  return {
    id: org.id,
    name: org.name,
    login_title: org.loginTitle,
    login_desc: org.loginDesc,
    login_image: org.loginImage,
    rgb: org.rgb,
    is_sign_up_available: org.isSignUpAvailable,
    sso: ssoOn(org),
    password_sign_in: passwordSignInOn(org),
    is_private_info: org.isPrivateInfo,
    is_integrated_management: org.isIntegratedManagement,
    expire_date: org.expireDate,
    subdomain: org.subdomain,
    groups,
  };
}

/** Single sign-on is set up: an issuer, a client id and its secret. */
export function ssoOn(org: Organisation): boolean {
  return Boolean(org.oidcIssuer && org.oidcClientId && org.oidcClientSecret);
}

/** The password sign-in is offered: always when single sign-on is off (nobody is locked out). */
export function passwordSignInOn(org: Organisation): boolean {
  return org.passwordSignIn || !ssoOn(org);
}

/** One formatter, made once: `toLocaleDateString` built a new one on every call (every request). */
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date (YYYY-MM-DD) in the app's time zone, as the validity checks compare it. */
export function todayIso(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/** True when the organisation's licence has run out. */
export function isOrganisationExpired(org: Organisation, now: Date = new Date()): boolean {
  return org.expireDate != null && org.expireDate < todayIso(now);
}
