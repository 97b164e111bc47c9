import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../modules/accounts/passwords';
import type { Db } from '../client';
import {
  comments,
  courses,
  enrollments,
  organisations,
  orgGroups,
  pollOptions,
  pollVotes,
  posts,
  users,
} from '../schema';

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
    const created = await tx
      .insert(users)
      .values([
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
      ])
      .returning({ id: users.id, email: users.email });
    const idOf = (email: string) => created.find((u) => u.email === email)?.id ?? 0;
    await seedDemoCourse(tx as unknown as Db, org.id, idOf);
    log.info({ organisation: org.name }, 'demo data created (password demo1234)');
  });
}

/** The demo course: taught by prof@example.com, all 30 learners enrolled (01 and 02 assistants), notices with a poll and comments. */
async function seedDemoCourse(db: Db, organisationId: number, idOf: (email: string) => number) {
  const prof = idOf('prof@example.com');
  const [course] = await db
    .insert(courses)
    .values({
      organisationId,
      instructorId: prof,
      name: '글쓰기와 비평 (데모)',
      description:
        '논증적 에세이를 쓰고, 루브릭으로 서로의 글을 평가하고, 받은 피드백으로 고쳐 쓰는 강의입니다.',
      code: 'DEMO24',
    })
    .returning({ id: courses.id });
  if (!course) throw new Error('could not create the demo course');
  const learners = Array.from({ length: DEMO_LEARNER_COUNT }, (_, i) => idOf(demoLearner(i + 1).email));
  await db.insert(enrollments).values(
    learners.map((userId, i) => ({
      courseId: course.id,
      userId,
      code: `2024${String(i + 1).padStart(4, '0')}`,
      isAssistant: i < 2,
    })),
  );
  const [welcome, poll] = await db
    .insert(posts)
    .values([
      {
        courseId: course.id,
        authorId: prof,
        title: '강의 안내와 첫 과제 일정',
        content:
          '환영합니다. 첫 과제는 "기술과 글쓰기"를 주제로 한 논증적 에세이입니다. 과제 안내는 과제 탭에서 확인하세요.',
        isNotice: true,
      },
      {
        courseId: course.id,
        authorId: prof,
        title: '동료평가 피드백 세션 시간 투표',
        content: '동료평가가 끝난 뒤 함께 피드백을 읽는 시간을 정하려 합니다. 편한 시간에 투표해 주세요.',
        isNotice: true,
      },
    ])
    .returning({ id: posts.id });
  if (!welcome || !poll) throw new Error('could not create the demo posts');
  const options = await db
    .insert(pollOptions)
    .values(
      ['화요일 5교시', '목요일 3교시', '금요일 온라인'].map((content, position) => ({
        postId: poll.id,
        content,
        position,
      })),
    )
    .returning({ id: pollOptions.id });
  await db
    .insert(pollVotes)
    .values(
      learners
        .slice(0, 12)
        .map((userId, i) => ({ postId: poll.id, userId, optionId: options[i % options.length]?.id ?? 0 })),
    );
  await db.insert(comments).values([
    { postId: welcome.id, authorId: learners[2] ?? null, content: '에세이 분량 제한은 공백 포함인가요?' },
    { postId: welcome.id, authorId: prof, content: '네, 공백을 포함한 글자 수입니다.' },
    { postId: poll.id, authorId: learners[4] ?? null, content: '목요일이 좋습니다!' },
  ]);
}
