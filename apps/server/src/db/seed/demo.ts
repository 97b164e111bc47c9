import { createMatching } from '@pw/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../modules/accounts/passwords';
import type { Db } from '../client';
import {
  assignments,
  comments,
  courses,
  enrollments,
  organisations,
  orgGroups,
  participations,
  peerMatchings,
  performances,
  pollOptions,
  pollVotes,
  posts,
  stages,
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
  const seats = await db
    .insert(enrollments)
    .values(
      learners.map((userId, i) => ({
        courseId: course.id,
        userId,
        code: `2024${String(i + 1).padStart(4, '0')}`,
        isAssistant: i < 2,
      })),
    )
    .returning({ id: enrollments.id });
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
  await seedDemoAssignments(
    db,
    course.id,
    seats.map((e) => e.id),
  );
  await db.insert(comments).values([
    { postId: welcome.id, authorId: learners[2] ?? null, content: '에세이 분량 제한은 공백 포함인가요?' },
    { postId: welcome.id, authorId: prof, content: '네, 공백을 포함한 글자 수입니다.' },
    { postId: poll.id, authorId: learners[4] ?? null, content: '목요일이 좋습니다!' },
  ]);
}

const DAY = 86_400_000;
const ESSAY = { limit_type: 'L', max_length: 2500, max_writing_score: 70 };
const PEER = {
  peer_count: 3,
  max_review_score: 15,
  max_metacognition_score: 15,
  standards: [
    { question: '주장이 분명하고 일관되게 드러나는가?', max_point: 6 },
    { question: '근거가 충분하고 적절한가?', max_point: 6 },
  ],
};

/**
 * Four assignments of the demo course, one per state: waiting to start (manual), essay writing
 * (auto-scheduled, running now), peer review (essays written, reviewers matched) and complete.
 */
async function seedDemoAssignments(db: Db, courseId: number, seats: number[]) {
  const now = Date.now();
  const at = (days: number, hour: number, minute = 0, second = 0) => {
    const d = new Date(now + days * DAY);
    d.setUTCHours(hour, minute, second, 0);
    return d;
  };
  const made = await db
    .insert(assignments)
    .values([
      {
        courseId,
        name: '3차 과제: 고쳐 쓰기 연습',
        description: '받은 피드백을 바탕으로 이전 글을 고쳐 씁니다.',
        stepIndex: -1,
      },
      {
        courseId,
        name: '2차 과제: 기술과 글쓰기',
        description: '"기술은 글쓰기를 더 쉽게 만드는가?"에 대한 논증적 에세이를 쓰세요.',
        isAutoSchedule: true,
        stepIndex: 0,
        nextTransitionAt: at(3, 0),
      },
      {
        courseId,
        name: '1차 과제: 나를 소개하는 글',
        description: '자신을 소개하는 짧은 글을 쓰고 서로 평가합니다.',
        stepIndex: 1,
      },
      {
        courseId,
        name: '0차 과제: 연습',
        description: '플랫폼에 익숙해지기 위한 연습 과제입니다.',
        stepIndex: 2,
      },
    ])
    .returning({ id: assignments.id, stepIndex: assignments.stepIndex });
  for (const a of made) {
    const auto = a.stepIndex === 0;
    const rows = await db
      .insert(stages)
      .values([
        {
          assignmentId: a.id,
          position: 0,
          model: 'essaywriting' as const,
          settings: ESSAY,
          startAt: auto ? at(-1, 0) : null,
          endAt: auto ? at(2, 14, 59, 59) : null,
        },
        {
          assignmentId: a.id,
          position: 1,
          model: 'peerreview' as const,
          settings: PEER,
          startAt: auto ? at(3, 0) : null,
          endAt: auto ? at(6, 14, 59, 59) : null,
        },
      ])
      .returning({ id: stages.id, model: stages.model });
    if (a.stepIndex < 0) continue;
    await db
      .insert(participations)
      .values(seats.map((enrollmentId) => ({ assignmentId: a.id, enrollmentId, status: 1 })));
    if (a.stepIndex < 1) continue;
    const essayStage = rows.find((r) => r.model === 'essaywriting');
    await db.insert(performances).values(
      seats.map((enrollmentId, i) => ({
        stageId: essayStage?.id ?? 0,
        enrollmentId,
        isCompleted: true,
        editorType: 'Q',
        plainText: `데모 에세이 ${i + 1}: 글쓰기는 생각을 정리하는 도구입니다.`,
        content: { ops: [{ insert: `데모 에세이 ${i + 1}: 글쓰기는 생각을 정리하는 도구입니다.\n` }] },
        completedAt: new Date(now - 2 * DAY),
      })),
    );
    const matching = createMatching({
      participants: seats.map((id) => ({ id: String(id), hasEssay: true })),
      peerCount: PEER.peer_count,
      seed: `assignment-${a.id}`,
    });
    await db.insert(peerMatchings).values([
      ...matching.pairs.map((p) => ({
        assignmentId: a.id,
        reviewerId: Number(p.reviewerId),
        targetId: Number(p.authorId),
        isCompleted: a.stepIndex > 1,
      })),
      ...seats.map((id) => ({
        assignmentId: a.id,
        reviewerId: id,
        targetId: id,
        isCompleted: a.stepIndex > 1,
      })),
    ]);
  }
}
