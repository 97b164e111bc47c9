import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Failed sign-ins allowed per window, per account and per client address. */
export const SIGN_IN_LIMITS = { windowMinutes: 15, perAccount: 10, perAddress: 100 } as const;

export function limiterKeys(orgId: number, email: string, ip: string) {
  return { account: `email:${orgId}:${email}`, address: `ip:${ip}` };
}

/** Throws 429 when either key has used up its failures in the current window. */
export async function assertSignInAllowed(
  db: Db,
  keys: { account: string; address: string },
  now = new Date(),
) {
  const rows = await db
    .select()
    .from(signInFailures)
    .where(inArray(signInFailures.key, [keys.account, keys.address]));
  const windowMs = SIGN_IN_LIMITS.windowMinutes * 60_000;
  for (const row of rows) {
    const limit = row.key === keys.account ? SIGN_IN_LIMITS.perAccount : SIGN_IN_LIMITS.perAddress;
    const elapsed = now.getTime() - row.windowStart.getTime();
    if (elapsed < windowMs && row.failures >= limit) {
      const minutes = Math.max(1, Math.ceil((windowMs - elapsed) / 60_000));
      throw new AppError('too_many_attempts', {
        params: { minutes },
        headers: { 'retry-after': String(Math.ceil((windowMs - elapsed) / 1000)) },
      });
    }
  }
}

/** Counts one failure against both keys; a window older than the limit starts again at 1. */
export async function recordSignInFailure(db: Db, keys: { account: string; address: string }) {
  const interval = sql.raw(`interval '${SIGN_IN_LIMITS.windowMinutes} minutes'`);
  await db
    .insert(signInFailures)
    .values([
      { key: keys.account, failures: 1 },
      { key: keys.address, failures: 1 },
    ])
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${signInFailures.windowStart} < now() - ${interval} then 1 else ${signInFailures.failures} + 1 end`,
        windowStart: sql`case when ${signInFailures.windowStart} < now() - ${interval} then now() else ${signInFailures.windowStart} end`,
      },
    });
}

/** Forgets the account's failures after a successful sign-in. */
export async function clearSignInFailures(db: Db, accountKey: string) {
  await db.delete(signInFailures).where(inArray(signInFailures.key, [accountKey]));
}
