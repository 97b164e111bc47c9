import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Failed sign-ins per window. An account past `perAccount` is refused outright (429, even the
 * right password). An address past `perAddress` is only slowed: many people share one address
 * (a campus NAT), so a right password still signs in, after `addressDelayMs`; a wrong one is 429.
 */
export const SIGN_IN_LIMITS = {
  windowMinutes: 15,
  perAccount: 10,
  perAddress: 100,
  addressDelayMs: 1500,
} as const;

type Keys = { account: string; address: string };

export function limiterKeys(orgId: number, email: string, ip: string) {
  return { account: `email:${orgId}:${email}`, address: `ip:${ip}` };
}

function tooManyAttempts(windowStart: Date, now: Date) {
  const left = SIGN_IN_LIMITS.windowMinutes * 60_000 - (now.getTime() - windowStart.getTime());
  return new AppError('too_many_attempts', {
    params: { minutes: Math.max(1, Math.ceil(left / 60_000)) },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(left / 1000))) },
  });
}

/**
 * Before the password is checked: throws 429 when the account has used up its failures, and
 * waits `addressDelayMs` when the address has. Returns the address's verdict for a wrong password:
 * a throttled address gets 429 instead of 400 (`throttled`).
 */
export async function checkSignInLimits(db: Db, keys: Keys, now = new Date()) {
  const rows = await db
    .select()
    .from(signInFailures)
    .where(inArray(signInFailures.key, [keys.account, keys.address]));
  const windowMs = SIGN_IN_LIMITS.windowMinutes * 60_000;
  const over = (key: string, limit: number) =>
    rows.find(
      (r) => r.key === key && now.getTime() - r.windowStart.getTime() < windowMs && r.failures >= limit,
    );
  const account = over(keys.account, SIGN_IN_LIMITS.perAccount);
  if (account) throw tooManyAttempts(account.windowStart, now);
  const address = over(keys.address, SIGN_IN_LIMITS.perAddress);
  if (address) await new Promise((resolve) => setTimeout(resolve, SIGN_IN_LIMITS.addressDelayMs));
  return { throttled: address ? tooManyAttempts(address.windowStart, now) : null };
}

/** Counts one failure against each key; a window older than the limit starts again at 1. */
export async function recordFailures(
  db: Db,
  keys: string[],
  windowMinutes: number = SIGN_IN_LIMITS.windowMinutes,
) {
  const interval = sql.raw(`interval '${windowMinutes} minutes'`);
  await db
    .insert(signInFailures)
    .values(keys.map((key) => ({ key, failures: 1 })))
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${signInFailures.windowStart} < now() - ${interval} then 1 else ${signInFailures.failures} + 1 end`,
        windowStart: sql`case when ${signInFailures.windowStart} < now() - ${interval} then now() else ${signInFailures.windowStart} end`,
      },
    });
}

/** Counts one failed sign-in against the account and the address. */
export async function recordSignInFailure(db: Db, keys: Keys) {
  await recordFailures(db, [keys.account, keys.address]);
}

/** Failures of `key` in its current window (0 once the window has passed). */
export async function failuresOf(db: Db, key: string, windowMinutes: number, now = new Date()) {
  const [row] = await db
    .select()
    .from(signInFailures)
    .where(inArray(signInFailures.key, [key]));
  if (!row || now.getTime() - row.windowStart.getTime() >= windowMinutes * 60_000)
    return { failures: 0, row };
  return { failures: row.failures, row };
}

/** Forgets the account's failures after a successful sign-in. */
export async function clearSignInFailures(db: Db, accountKey: string) {
  await db.delete(signInFailures).where(inArray(signInFailures.key, [accountKey]));
}
