import type { SignInResponse } from '@pw/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcHandoffs, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { assertMaySignIn, issueSession } from '../accounts/accounts.service';
import type { Organisation } from '../organisations/organisations.service';
import { codeHash } from './finish-sso';

/**
 * The web app's half of a single sign-on: the one-time code from the URL fragment, taken once
 * (deleted as it is read), unexpired and of an account of this organisation, for a session token
 * made as the password sign-in makes it. Anything else: `sso_code_invalid`.
 */
export async function exchangeSsoCode(input: {
  db: Db;
  org: Organisation;
  code: string;
  ttlDays: number;
  now?: Date;
}): Promise<SignInResponse> {
  const { db, org } = input;
  const now = input.now ?? new Date();
  await db.delete(oidcHandoffs).where(lt(oidcHandoffs.expiresAt, new Date(now.getTime() - 3_600_000)));
  const [handoff] = await db
    .delete(oidcHandoffs)
    .where(eq(oidcHandoffs.codeHash, codeHash(input.code)))
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
