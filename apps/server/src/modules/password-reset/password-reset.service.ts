import type { Language } from '@pw/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { type Jobs, QUEUES } from '../../jobs/queues';
import { revokeAllTokens } from '../accounts/accounts.service';
import { hashPassword } from '../accounts/passwords';
import { clearSignInFailures, limiterKeys } from '../accounts/sign-in-limiter';
import { hashToken, newToken } from '../accounts/tokens';
import type { Organisation } from '../organisations/organisations.service';

export const RESET_TTL_MINUTES = 60;
/** No second mail for the same account within this window (stops mail floods). */
const RESEND_AFTER_MS = 60_000;

/**
 * The address mailed links point at. Never taken from the request's Host header (which a caller
 * controls): an organisation with a subdomain gets `<subdomain>.<BASE_DOMAIN>`, the default
 * organisation `PUBLIC_URL`, else localhost on the configured port.
 */
export function publicOrigin(config: Config, org: Organisation): string {
  const base = config.publicUrl ? new URL(config.publicUrl) : new URL(`http://localhost:${config.port}`);
  if (org.subdomain && config.baseDomain) {
    const port = base.port ? `:${base.port}` : '';
    return `${base.protocol}//${org.subdomain}.${config.baseDomain}${port}`;
  }
  return base.origin;
}

/**
 * Queues a one-time reset link when the email belongs to an active account of the organisation:
 * the reset row and its mail job commit together, and the queue's handler makes the link and
 * mails it (`send-reset-mail.ts`), retrying while the mail server is down. Answers the same way
 * whether or not the account exists.
 */
export async function requestPasswordReset(
  deps: { db: Db; jobs: Jobs },
  org: Organisation,
  email: string,
  lang: Language,
) {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, org.id), eq(users.email, email), eq(users.isActive, true)))
    .limit(1);
  if (!user) return;
  const [recent] = await deps.db
    .select({ createdAt: passwordResetTokens.createdAt })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)))
    .orderBy(desc(passwordResetTokens.createdAt))
    .limit(1);
  if (recent && Date.now() - recent.createdAt.getTime() < RESEND_AFTER_MS) return;
  await deps.db.transaction(async (tx) => {
    // The row's hash is of a token nobody holds until the handler replaces it with the mailed one.
    const [row] = await tx
      .insert(passwordResetTokens)
      .values({
        userId: user.id,
        tokenHash: hashToken(newToken()),
        expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60_000),
      })
      .returning({ id: passwordResetTokens.id });
    if (!row) return;
    await deps.jobs.sendPasswordResetMail(
      { tokenId: row.id, lang },
      { key: `password-reset:${row.id}`, db: tx },
    );
  });
  deps.jobs.wake(QUEUES.passwordResetMail);
}

/** The user a live, unused reset token of this organisation belongs to. */
export async function findResetUser(db: Db, org: Organisation, token: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, tokenId: passwordResetTokens.id })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
        eq(users.organisationId, org.id),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Sets the new password, uses up every open reset link of the user and signs out every session.
 * Returns false when the link is no longer valid (used meanwhile, or expired).
 */
export async function completePasswordReset(db: Db, org: Organisation, token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const user = await findResetUser(tx as unknown as Db, org, token);
    if (!user) return false;
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.id, user.tokenId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (claimed.length === 0) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await revokeAllTokens(tx as unknown as Db, user.id);
    await clearSignInFailures(tx as unknown as Db, limiterKeys(org.id, user.email, '').account);
    return true;
  });
}
