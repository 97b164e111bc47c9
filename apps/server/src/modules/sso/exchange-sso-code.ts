import type { SignInResponse } from '@pw/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcHandoffs, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { assertMaySignIn, issueSession } from '../accounts/accounts.service';
import type { Organisation } from '../organisations/organisations.service';
import { codeHash } from './finish-sso';
import { browserHash } from './start-sso';

/**
 * The web app's half of a single sign-on: the one-time code from the URL fragment, taken once
 * (deleted as it is read), unexpired, from the browser that signed in (its cookie) and of an
 * account of this organisation, for a session token
 * made as the password sign-in makes it. Anything else: `sso_code_invalid`.
 */
export async function exchangeSsoCode(input: {
  db: Db;
  org: Organisation;
  code: string;
  /** The cookie the callback set beside the code. */
  binding: string | undefined;
  ttlDays: number;
  now?: Date;
}): Promise<SignInResponse> {
  const { db, org } = input;
  const now = input.now ?? new Date();
  await db.delete(oidcHandoffs).where(lt(oidcHandoffs.expiresAt, new Date(now.getTime() - 3_600_000)));
  if (!input.binding) throw new AppError('sso_code_invalid');
  // Taken only together with its browser's cookie, so a copied code cannot use it up either.
  const [handoff] = await db
    .delete(oidcHandoffs)
    .where(
      and(
        eq(oidcHandoffs.codeHash, codeHash(input.code)),
        eq(oidcHandoffs.browserHash, browserHash(input.binding)),
      ),
    )
    .returning();
  if (!handoff || handoff.expiresAt.getTime() <= now.getTime()) throw new AppError('sso_code_invalid');
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, handoff.userId), eq(users.organisationId, org.id)))
    .limit(1);
  if (!user) throw new AppError('sso_code_invalid');
  assertMaySignIn(org, user, now);
  return issueSession(db, user, { ttlDays: input.ttlDays, now });
}
