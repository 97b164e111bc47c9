import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../modules/accounts/passwords';
import type { Db } from '../client';
import { organisations, orgGroups, users } from '../schema';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_LEARNER_COUNT = 30;

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN = [
  '민준',
  '서연',
  '도윤',
  '지우',
  '하준',
  '서윤',
  '시우',
  '하은',
  '주원',
  '지민',
  '예준',
  '수아',
  '지호',
  '채원',
  '건우',
];

/** Demo learner number n (1-based): `student01@example.com` and a Korean name. */
export function demoLearner(n: number) {
  const id = String(n).padStart(2, '0');
  const name = `${SURNAMES[(n - 1) % SURNAMES.length]}${GIVEN[(n * 7) % GIVEN.length]}`;
  return { email: `student${id}@example.com`, name };
}

/**
 * On a database with no organisation, creates the default one. With demo data it is
 * "Demo University" with a staff user, an instructor and 30 learners (all with password
 * demo1234); without, a bare organisation. Runs under an advisory lock so that several processes
 * starting together seed once.
 */
export async function seedDatabase(db: Db, log: FastifyBaseLogger, opts: { demo: boolean }) {
  const [any] = await db.select({ id: organisations.id }).from(organisations).limit(1);
  if (any) return;
  const passwordHash = opts.demo ? await hashPassword(DEMO_PASSWORD) : '';
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [existing] = await tx.select({ id: organisations.id }).from(organisations).limit(1);
    if (existing) return;
    if (!opts.demo) {
      await tx.insert(organisations).values({ name: 'PeerWrite', isDefault: true });
      log.info('default organisation created (no demo data)');
      return;
    }
    const [org] = await tx
      .insert(organisations)
      .values({
        name: 'Demo University',
        isDefault: true,
        loginTitle: '데모 대학교 글쓰기 동료평가',
        loginDesc: '에세이를 쓰고, 동료의 글을 루브릭으로 평가하고, 받은 피드백으로 더 좋은 글을 완성하세요.',
        loginImage: '/branding/demo-login.svg',
        rgb: '86,70,255',
      })
      .returning();
    if (!org) throw new Error('could not create the demo organisation');
    const groups = await tx
      .insert(orgGroups)
      .values([
        { organisationId: org.id, name: '인문대학' },
        { organisationId: org.id, name: '공과대학' },
      ])
      .returning();
    const base = { organisationId: org.id, passwordHash, attendingType: 'U' as const, grade: 1 };
    await tx.insert(users).values([
      {
        ...base,
        email: 'admin@example.com',
        name: '관리자',
        role: 'I',
        isStaff: true,
        attendingType: 'N',
        grade: null,
      },
      {
        ...base,
        email: 'prof@example.com',
        name: '한교수',
        role: 'I',
        groupId: groups[0]?.id ?? null,
        attendingType: 'N',
        grade: null,
      },
      ...Array.from({ length: DEMO_LEARNER_COUNT }, (_, i) => ({
        ...base,
        ...demoLearner(i + 1),
        role: 'L' as const,
        grade: (i % 4) + 1,
        address: '서울특별시 관악구 관악로 1',
        dateOfBirth: `${2003 + (i % 4)}-0${(i % 9) + 1}-1${i % 10}`,
      })),
    ]);
    log.info({ organisation: org.name }, 'demo data created (password demo1234)');
  });
}
