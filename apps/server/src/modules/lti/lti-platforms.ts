import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ltiPlatforms } from '../../db/schema';

export type LtiPlatform = typeof ltiPlatforms.$inferSelect;

export type PlatformInput = {
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  loginUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  /** Extra origins that may frame the tool (see the column). */
  frameOrigins?: string[];
};

/** The organisation's registrations of an issuer; with a client id, at most that one. */
export async function findPlatforms(
  db: Db,
  organisationId: number,
  issuer: string,
  clientId?: string,
): Promise<LtiPlatform[]> {
  const where = [eq(ltiPlatforms.organisationId, organisationId), eq(ltiPlatforms.issuer, issuer)];
  if (clientId !== undefined) where.push(eq(ltiPlatforms.clientId, clientId));
  return db
    .select()
    .from(ltiPlatforms)
    .where(and(...where))
    .orderBy(asc(ltiPlatforms.id));
}

export async function listPlatforms(db: Db, organisationId: number): Promise<LtiPlatform[]> {
  return db
    .select()
    .from(ltiPlatforms)
    .where(eq(ltiPlatforms.organisationId, organisationId))
    .orderBy(asc(ltiPlatforms.id));
}

/** Adds a registration, or replaces the one with the same issuer and client id. */
export async function savePlatform(
  db: Db,
  organisationId: number,
  input: PlatformInput,
): Promise<LtiPlatform> {
  const [row] = await db
    .insert(ltiPlatforms)
    .values({ organisationId, ...input })
    .onConflictDoUpdate({
      target: [ltiPlatforms.organisationId, ltiPlatforms.issuer, ltiPlatforms.clientId],
      set: {
        deploymentIds: input.deploymentIds,
        loginUrl: input.loginUrl,
        tokenUrl: input.tokenUrl,
        jwksUrl: input.jwksUrl,
        frameOrigins: input.frameOrigins ?? [],
      },
    })
    .returning();
  if (!row) throw new Error('platform not saved');
  return row;
}

/** Removes a registration by its id (within the organisation); whether one was removed. */
export async function removePlatform(db: Db, organisationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(ltiPlatforms)
    .where(and(eq(ltiPlatforms.organisationId, organisationId), eq(ltiPlatforms.id, id)))
    .returning({ id: ltiPlatforms.id });
  return rows.length > 0;
}
