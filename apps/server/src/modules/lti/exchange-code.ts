import type { Role, SignInResponse } from '@pw/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, ltiLoginCodes, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken, newToken } from '../accounts/tokens';
import { isOrganisationExpired, type Organisation, todayIso } from '../organisations/organisations.service';

/**
 * Exchanges a launch's one-time code for a session token, as a password sign-in issues one.
 * A code works once, for a minute, in its own organisation; anything else is `invalid_token`.
 */
export async function exchangeLoginCode(
  db: Db,
  org: Organisation,
  code: string,
  opts: { ttlDays: number; now?: Date },
): Promise<SignInResponse & { target: string }> {
  const now = opts.now ?? new Date();
  const [used] = await db
    .update(ltiLoginCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(ltiLoginCodes.codeHash, hashToken(code)),
        isNull(ltiLoginCodes.usedAt),
        gt(ltiLoginCodes.expiresAt, now),
      ),
    )
    .returning({ userId: ltiLoginCodes.userId, target: ltiLoginCodes.target });
  if (!used) throw new AppError('invalid_token');
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, used.userId), eq(users.organisationId, org.id)))
    .limit(1);
  if (!user) throw new AppError('invalid_token');
  if (!user.isActive) throw new AppError('account_inactive');
  if (isOrganisationExpired(org, now) || (user.expireDate != null && user.expireDate < todayIso(now)))
    throw new AppError('account_expired');
  const token = newToken();
  const expiresAt = new Date(now.getTime() + opts.ttlDays * 86_400_000);
  await db.insert(authTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt });
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
    target: used.target,
  };
}
