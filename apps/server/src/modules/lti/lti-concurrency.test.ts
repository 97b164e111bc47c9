import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createOrganisation, type TestApp } from '../../../test/helpers';
import { courses, ltiContextLinks, ltiUserLinks, users } from '../../db/schema';
import { initiateLogin, type MockPlatform, postLaunch, startMockPlatform } from './lti.test-kit';
import { CLAIM } from './lti-claims';
import { savePlatform } from './lti-platforms';

// Run on PostgreSQL with TEST_DATABASE_URL for real concurrency (PGlite serialises the launches).

let t: TestApp;
let p: MockPlatform;
const HOST = 'uni.peer.test';

beforeAll(async () => {
  t = await buildTestApp();
  p = await startMockPlatform();
  const org = await createOrganisation(t, { subdomain: 'uni' });
  await savePlatform(t.database.db, org.id, p.registration);
});
afterAll(async () => {
  await t.close();
  await p.close();
});

/** Several launches prepared first (each its own browser), then posted at once. */
async function launchAtOnce(n: number, over: Record<string, unknown>) {
  const prepared = await Promise.all(
    Array.from({ length: n }, async () => {
      const login = await initiateLogin(t, p, HOST);
      const token = await p.sign(p.claims({ nonce: login.nonce, ...over }));
      return { login, token };
    }),
  );
  return Promise.all(
    prepared.map(({ login, token }) =>
      postLaunch(t, HOST, { id_token: token, state: login.state }, login.cookie),
    ),
  );
}

describe('LTI first launches at once', () => {
  it('of the same instructor into a new context make one account, one link and one course', async () => {
    const over = {
      sub: 'race-instructor',
      email: 'race@lms.example.edu',
      [CLAIM.context]: { id: 'race-ctx', title: '동시 강의' },
    };
    const results = await launchAtOnce(4, over);
    expect(results.map((r) => r.statusCode)).toEqual([303, 303, 303, 303]);
    const db = t.database.db;
    const [accounts] = await db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, 'race@lms.example.edu'));
    expect(accounts?.n).toBe(1);
    const [links] = await db
      .select({ n: count() })
      .from(ltiUserLinks)
      .where(eq(ltiUserLinks.sub, 'race-instructor'));
    expect(links?.n).toBe(1);
    const [contexts] = await db
      .select({ n: count() })
      .from(ltiContextLinks)
      .where(eq(ltiContextLinks.contextId, 'race-ctx'));
    expect(contexts?.n).toBe(1);
    // The losers' courses were rolled back: one course by that name.
    const [named] = await db.select({ n: count() }).from(courses).where(eq(courses.name, '동시 강의'));
    expect(named?.n).toBe(1);
  });

  it('of the same learner without an email make one account and one link', async () => {
    // An instructor opens the context first.
    await launchAtOnce(1, { sub: 'race-owner', [CLAIM.context]: { id: 'race-ctx-2' } });
    const results = await launchAtOnce(4, {
      sub: 'race-learner',
      email: undefined,
      [CLAIM.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [CLAIM.context]: { id: 'race-ctx-2' },
    });
    expect(results.map((r) => r.statusCode)).toEqual([303, 303, 303, 303]);
    const [links] = await t.database.db
      .select({ userId: ltiUserLinks.userId })
      .from(ltiUserLinks)
      .where(eq(ltiUserLinks.sub, 'race-learner'));
    const [user] = await t.database.db.select().from(users).where(eq(users.id, links!.userId));
    expect(user?.email).toMatch(/^lti-[0-9a-f]{24}@lti\.invalid$/);
    const [all] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, user!.email));
    expect(all?.n).toBe(1);
  });
});
