import { randomBytes } from 'node:crypto';
import { desc, gt, isNull, or } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Db } from '../../db/client';
import { ltiToolKeys } from '../../db/schema';

/** A retired key stays published this long, so tokens signed just before a rotation still verify. */
const RETIRED_GRACE_MS = 7 * 86_400_000;

/** Adds a new RS256 signing key (the first, or a rotation: older keys are retired); returns its kid. */
export async function rotateToolKey(db: Db, now = new Date()): Promise<string> {
  // jose loads on first use (issue 29: no start-up cost for a feature most servers never use).
  const { exportJWK, generateKeyPair } = await import('jose');
  const { publicKey, privateKey } = await generateKeyPair('RS256', {
    modulusLength: 2048,
    extractable: true,
  });
  const kid = randomBytes(12).toString('base64url');
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  await db.transaction(async (tx) => {
    await tx.update(ltiToolKeys).set({ retiredAt: now }).where(isNull(ltiToolKeys.retiredAt));
    await tx.insert(ltiToolKeys).values({ kid, publicJwk, privateJwk });
  });
  return kid;
}

/** The published key set: the current key and those retired within the grace period. */
export async function toolJwks(db: Db, now = new Date()): Promise<{ keys: JWK[] }> {
  let rows = await publishedKeys(db, now);
  if (rows.length === 0) {
    // The first request creates the tool's key; two at once may create two, both valid.
    await rotateToolKey(db, now);
    rows = await publishedKeys(db, now);
  }
  return { keys: rows.map((r) => r.publicJwk as JWK) };
}

function publishedKeys(db: Db, now: Date) {
  return db
    .select({ kid: ltiToolKeys.kid, publicJwk: ltiToolKeys.publicJwk })
    .from(ltiToolKeys)
    .where(
      or(
        isNull(ltiToolKeys.retiredAt),
        gt(ltiToolKeys.retiredAt, new Date(now.getTime() - RETIRED_GRACE_MS)),
      ),
    )
    .orderBy(desc(ltiToolKeys.id));
}
