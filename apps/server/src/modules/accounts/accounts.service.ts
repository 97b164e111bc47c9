import {
  findPrivateInfoErrors,
  hasGrade,
  type Role,
  type SessionUser,
  type SignInBody,
  type SignInResponse,
  type SignUpBody,
} from '@pw/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, users } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
import {
  isOrganisationExpired,
  type Organisation,
  passwordSignInOn,
  todayIso,
} from '../organisations/organisations.service';
import { hashPassword, verifyPassword } from './passwords';
import { checkSignInLimits, clearSignInFailures, limiterKeys, recordSignInFailure } from './sign-in-limiter';
import { hashToken, newToken } from './tokens';

/** The signed-in user attached to a request. */
export type AuthenticatedUser = SessionUser & { organisationId: number };

/** Creates a learner account in the organisation (part 1 §8: 403 when closed, 406 on a duplicate email). */
export async function signUp(db: Db, org: Organisation, body: SignUpBody) {
  if (!org.isSignUpAvailable) throw new AppError('sign_up_closed');
  if (!passwordSignInOn(org)) throw new AppError('password_sign_in_off', { params: { org: org.name } });
  if (org.isPrivateInfo) {
    const errors = findPrivateInfoErrors(body, todayIso());
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }
  const passwordHash = await hashPassword(body.password);
  const keepPrivate = org.isPrivateInfo;
  const [row] = await db
    .insert(users)
    .values({
      organisationId: org.id,
      email: body.email,
      name: body.name,
      passwordHash,
      role: 'L',
      attendingType: keepPrivate ? body.attending_type : null,
      grade: keepPrivate && hasGrade(body.attending_type) ? body.grade : null,
      address: keepPrivate ? body.address : null,
      dateOfBirth: keepPrivate ? body.date_of_birth : null,
    })
    .onConflictDoNothing({ target: [users.organisationId, users.email] })
    .returning({ id: users.id, email: users.email, name: users.name });
  if (!row) throw new AppError('duplicate_email');
  return row;
}

/**
 * Checks the credentials and issues a token. Wrong email or password: 400; expired account or
 * organisation, or a deactivated account: 403; too many failures: 429.
 */
export async function signIn(
  db: Db,
  org: Organisation,
  body: SignInBody,
  opts: { ip: string; ttlDays: number; now?: Date },
): Promise<SignInResponse> {
  const now = opts.now ?? new Date();
  if (!passwordSignInOn(org)) throw new AppError('password_sign_in_off', { params: { org: org.name } });
  const keys = limiterKeys(org.id, body.email, opts.ip);
  const { throttled } = await checkSignInLimits(db, keys, now);
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, org.id), eq(users.email, body.email)))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) {
    await recordSignInFailure(db, keys);
    throw throttled ?? new AppError('invalid_credentials');
  }
  // Only a caller who knows the password learns that the account is inactive or expired.
  assertMaySignIn(org, user, now);
  await clearSignInFailures(db, keys.account);
  return issueSession(db, user, { ttlDays: opts.ttlDays, now });
}

type AccountRow = typeof users.$inferSelect;

/** An inactive account, or an expired account or organisation, may not sign in (403). */
export function assertMaySignIn(org: Organisation, user: AccountRow, now: Date): void {
  if (!user.isActive) throw new AppError('account_inactive');
  if (isOrganisationExpired(org, now) || (user.expireDate != null && user.expireDate < todayIso(now))) {
    throw new AppError('account_expired');
  }
}

/** A new session token for the account (password sign-in and single sign-on alike). */
export async function issueSession(
  db: Db,
  user: AccountRow,
  opts: { ttlDays: number; now: Date },
): Promise<SignInResponse> {
  const token = newToken();
  const expiresAt = new Date(opts.now.getTime() + opts.ttlDays * 86_400_000);
  await db.insert(authTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt });
  await db.update(users).set({ lastLogin: opts.now }).where(eq(users.id, user.id));
  return {
    token,
    is_staff: user.isStaff,
    expires_at: expiresAt.toISOString(),
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role as Role,
      is_staff: user.isStaff,
    },
  };
}

/** Revokes one token (sign-out). */
export async function signOut(db: Db, token: string) {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.revokedAt)));
}

/** Revokes every token of a user except, optionally, the one in use (password change and reset). */
export async function revokeAllTokens(db: Db, userId: number, keepToken?: string) {
  const keep = keepToken ? hashToken(keepToken) : '';
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        sql`${authTokens.tokenHash} <> ${keep}`,
      ),
    );
}

function prepareTokenLookup(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      is_staff: users.isStaff,
      organisationId: users.organisationId,
      expireDate: users.expireDate,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
        eq(users.organisationId, sql.placeholder('org')),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('find_user_by_token');
}

// Every authenticated request runs this lookup: keep one prepared statement per database handle.
const tokenLookup = perDatabase(prepareTokenLookup);

/**
 * The active, unexpired user that a live token of this organisation belongs to, in one query.
 * A deactivated or expired account loses its sessions at once.
 */
export async function findUserByToken(
  db: Db,
  org: Organisation,
  token: string,
): Promise<AuthenticatedUser | undefined> {
  const [row] = await tokenLookup(db).execute({ hash: hashToken(token), now: new Date(), org: org.id });
  if (!row) return undefined;
  if (isOrganisationExpired(org) || (row.expireDate != null && row.expireDate < todayIso())) return undefined;
  const { expireDate: _expireDate, ...user } = row;
  return { ...user, role: user.role as Role };
}
