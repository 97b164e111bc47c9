import { Readable } from 'node:stream';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../lib/storage';
import { hashPassword } from '../../modules/accounts/passwords';
import { loadAssignment } from '../../modules/assignments/assignment-loader';
import { isHeld } from '../../modules/assignments/release';
import { notifyCourseStaff } from '../../modules/notifications/course-notifications';
import { notifyScoresReady, notifyStepOpened } from '../../modules/notifications/stage-notifications';
import { computeReports } from '../../modules/reports/compute-reports';
import type { Db, Tx } from '../client';
import {
  assignments,
  assignmentWeights,
  comments,
  courses,
  enrollments,
  extensions,
  feedbackMatchings,
  files,
  notifications,
  objections,
  organisations,
  orgGroups,
  participations,
  peerMatchings,
  peerResponses,
  performanceFiles,
  performances,
  pollOptions,
  pollVotes,
  posts,
  reports,
  reviewAnchors,
  reviewAudit,
  stages,
  users,
} from '../schema';
import {
  DAY,
  insertAssignment,
  insertMatchings,
  insertParticipations,
  insertStages,
  reviewResponses,
  writtenEssays,
} from './demo-rows';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_LEARNER_COUNT = 30;
/** Extra demo users who only fill the manager area's lists. */
export const DEMO_EXTRA_USERS = 300;

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
 * On a database with no organisation, creates the default one (and says what it created). With demo data it is
 * "Demo University" with a staff user, an instructor and 30 learners (all with password
 * demo1234); without, a bare organisation. Runs under an advisory lock so that several processes
 * starting together seed once.
 */
export async function seedDatabase(
  db: Db,
  log: FastifyBaseLogger,
  opts: { demo: boolean; storage?: FileStorage },
): Promise<'none' | 'default' | 'demo'> {
  const [any] = await db.select({ id: organisations.id }).from(organisations).limit(1);
  if (any) return 'none';
  const passwordHash = opts.demo ? await hashPassword(DEMO_PASSWORD) : '';
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [existing] = await tx.select({ id: organisations.id }).from(organisations).limit(1);
    if (existing) return 'none';
    if (!opts.demo) {
      await tx.insert(organisations).values({ name: 'PeerWrite', isDefault: true });
      log.info('default organisation created (no demo data)');
      return 'default';
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
        // Groups (departments) are managed by staff, so the manager area's group filters apply.
        isIntegratedManagement: true,
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
          // Instructors' accounts have an expiry (part 2 §5); the demo's runs a year from today.
          expireDate: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
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
    // For the manager area: a professor whose account has expired, a learner who was
    // deactivated, and a few hundred more users across both groups so paging and filters mean
    // something (they take part in nothing and share the demo password).
    await tx.insert(users).values([
      {
        ...base,
        email: 'oldprof@example.com',
        name: '오교수',
        role: 'I',
        groupId: groups[1]?.id ?? null,
        attendingType: 'N',
        grade: null,
        expireDate: '2025-02-28',
      },
      { ...base, ...demoLearner(DEMO_LEARNER_COUNT + 1), role: 'L', isActive: false },
      ...Array.from({ length: DEMO_EXTRA_USERS }, (_, i) => {
        const n = DEMO_LEARNER_COUNT + 2 + i;
        return {
          ...base,
          email: `user${String(n).padStart(3, '0')}@example.com`,
          name: demoLearner(n).name,
          role: (i % 25 === 0 ? 'I' : 'L') as 'I' | 'L',
          expireDate: i % 25 === 0 ? '2027-02-28' : null,
          groupId: groups[i % 2]?.id ?? null,
          grade: (i % 4) + 1,
          lastLogin: i % 3 === 0 ? new Date(Date.now() - (i % 70) * 86_400_000) : null,
        };
      }),
    ]);
    const idOf = (email: string) => created.find((u) => u.email === email)?.id ?? 0;
    await seedDemoCourse(tx as unknown as Db, org.id, idOf, opts.storage);
    await seedDemoNotifications(tx, org.id);
    log.info({ organisation: org.name }, 'demo data created (password demo1234)');
    return 'demo';
  });
}

/** The demo course: taught by prof@example.com, all 30 learners enrolled (01 and 02 assistants), notices with a poll and comments. */
async function seedDemoCourse(
  db: Db,
  organisationId: number,
  idOf: (email: string) => number,
  storage?: FileStorage,
) {
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
  await seedDemoEssays(
    db,
    course.id,
    organisationId,
    seats.map((e) => e.id),
    learners,
    storage,
  );
  await seedFeedbackAssignment(
    db,
    course.id,
    seats.map((e) => e.id),
  );
  await seedCompletedReports(db, course.id, prof);
  await seedSecondCompleted(
    db,
    course.id,
    seats.map((e) => e.id),
  );
  // Last, so the earlier demo assignments keep their ids (specs name them by id).
  await seedCalibrationAssignment(
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

const ESSAY = { limit_type: 'L', max_length: 2500, max_writing_score: 70 };
const QUESTIONS = {
  quizs: [
    { quiz: '이 글에서 가장 자신 없는 부분은 어디인가요?' },
    { quiz: '평가자에게 특히 봐 달라고 부탁하고 싶은 점은 무엇인가요?' },
  ],
};
const FEEDBACK = { max_review_score: 10, max_point: 5 };
const REVISION = { max_revisement_score: 10 };
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
 * Four assignments of the demo course (a fifth, at feedback review, comes from seedFeedbackAssignment), one per state: waiting to start (manual), essay writing
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
        // Complete after essay, peer review and feedback with revision (three steps).
        stepIndex: 3,
      },
    ])
    .returning({ id: assignments.id, stepIndex: assignments.stepIndex });
  for (const a of made) {
    const auto = a.stepIndex === 0;
    // The running assignment also has questions, feedback and a revision (the learner's whole cycle).
    const extra = auto
      ? [
          { position: 1, model: 'questionwriting' as const, settings: QUESTIONS, startAt: null, endAt: null },
          {
            position: 3,
            model: 'feedbackreview' as const,
            settings: FEEDBACK,
            startAt: at(7, 0),
            endAt: at(9, 14, 59, 59),
          },
          { position: 4, model: 'revisement' as const, settings: REVISION, startAt: null, endAt: null },
        ]
      : a.stepIndex === 3
        ? [
            { position: 2, model: 'feedbackreview' as const, settings: FEEDBACK, startAt: null, endAt: null },
            { position: 3, model: 'revisement' as const, settings: REVISION, startAt: null, endAt: null },
          ]
        : [];
    const stageOf = await insertStages(db, a.id, [
      ...extra,
      {
        position: 0,
        model: 'essaywriting',
        settings: auto || a.stepIndex === 3 ? { ...ESSAY, max_writing_score: 60 } : ESSAY,
        startAt: auto ? at(-1, 0) : null,
        endAt: auto ? at(2, 14, 59, 59) : null,
      },
      {
        position: auto ? 2 : 1,
        model: 'peerreview',
        settings:
          auto || a.stepIndex === 3 ? { ...PEER, max_review_score: 10, max_metacognition_score: 10 } : PEER,
        startAt: auto ? at(3, 0) : null,
        endAt: auto ? at(6, 14, 59, 59) : null,
      },
    ]);
    if (a.stepIndex < 0) continue;
    // Those who wrote read the task first (its information is where an assignment opens).
    await insertParticipations(db, a.id, seats, a.stepIndex >= 1 ? new Date(now - 3 * DAY) : null);
    if (a.stepIndex < 1) continue;
    const essayStage = stageOf('essaywriting');
    await db
      .insert(performances)
      .values(
        writtenEssays(
          essayStage,
          seats,
          (i) => `데모 에세이 ${i + 1}: 글쓰기는 생각을 정리하는 도구입니다.`,
          new Date(now - 2 * DAY),
        ),
      );
    const peerStage = stageOf('peerreview');
    await db.insert(performances).values(
      seats.map((enrollmentId) => ({
        stageId: peerStage,
        enrollmentId,
        isCompleted: a.stepIndex > 1,
      })),
    );
    // One essay of the peer-review assignment came in late.
    if (a.stepIndex === 1 && seats[10] !== undefined) {
      await db
        .update(performances)
        .set({ isLate: true, lateAt: new Date(now - DAY) })
        .where(and(eq(performances.stageId, essayStage), eq(performances.enrollmentId, seats[10])));
    }
    // Student 05 of the peer-review assignment has an extension of their reviews (issue 33).
    if (a.stepIndex === 1 && seats[4] !== undefined) {
      // The stage has no end (moved by hand): the extension ends three days from now.
      const endAt = at(3, 14, 59, 59);
      const reason = '병가 (진단서 제출)';
      await db
        .insert(extensions)
        .values({ assignmentId: a.id, enrollmentId: seats[4], model: 'peerreview', endAt, reason });
      await db.insert(reviewAudit).values({
        kind: 'extension_granted',
        assignmentId: a.id,
        enrollmentId: seats[4],
        after: { stage: 'peerreview', end_at: endAt.toISOString(), reason },
        reason,
      });
    }
    // In the peer-review assignment the last five reviewers (and students 05, 06) have not
    // reviewed yet; everyone else has, self-evaluation included. The complete one is all done.
    const open = new Set<number>(a.stepIndex === 1 ? [...seats.slice(-5), ...seats.slice(4, 6)] : []);
    const made = await insertMatchings(db, a.id, seats, PEER.peer_count, (reviewerId) => ({
      isCompleted: !open.has(reviewerId),
      completedAt: open.has(reviewerId) ? null : new Date(now - DAY),
      // Given when peer review began, three days ago: the reviews nobody opened since can be
      // taken over by a learner who finished theirs ("review one more", issue 33).
      assignedAt: new Date(now - 3 * DAY - 3_600_000),
    }));
    await db.insert(peerResponses).values(
      reviewResponses(
        made.filter((x) => x.done),
        PEER.standards,
        (_, n, i, maxPoint) => ({
          point: Math.max(1, maxPoint - ((n + i) % 4)),
          comment: REVIEW_COMMENTS[(n * 2 + i) % REVIEW_COMMENTS.length] ?? '좋은 글입니다.',
        }),
      ),
    );
    if (a.stepIndex === 1) {
      await db
        .update(performances)
        .set({ isCompleted: true, completedAt: new Date(now - DAY) })
        .where(and(eq(performances.stageId, peerStage), notInArray(performances.enrollmentId, [...open])));
    }
  }
}

/**
 * Review comments of the demo, as learners write them: specific ones that meet the review coach's
 * bar (they name a passage and suggest a change) beside vague ones it hints on (issue 34, item 2),
 * so the instructor's figure on a review differs from reviewer to reviewer.
 */
const REVIEW_COMMENTS = [
  '자동 요약 기능에 의존했다가 인용을 다시 확인한 경험이 구체적이라 설득력이 있습니다. 그때 걸린 시간을 숫자로 밝혀 주면 더 좋겠습니다.',
  '좋아요. 잘 썼어요!',
  '맞춤법 검사기와 자동 완성 이야기는 흥미롭지만 주장과의 연결이 약합니다. 이 예가 왜 문턱을 낮췄다는 근거가 되는지 한 문장 덧붙여 보세요.',
  '주장이 첫 문단부터 분명하게 드러나서 읽기 편했습니다.',
  '근거로 든 경험이 구체적이라 설득력이 있습니다. 다만 출처가 있으면 더 좋겠습니다.',
  '두 번째 문단과 세 번째 문단의 연결이 조금 어색합니다. 접속어를 다시 생각해 보세요.',
  '결론이 본문의 내용을 잘 정리하지만, 새로운 생각을 하나 더 보태면 좋겠습니다.',
  '반대 입장을 다룬 부분이 공정해서 좋았습니다.',
  '문장이 길어서 한 번에 읽기 어려운 곳이 있습니다. 두 문장으로 나눠 보세요.',
  '예시가 주장과 직접 연결되지 않는 부분이 있습니다.',
  '자기소개가 솔직하고 개성이 잘 드러납니다.',
];

/** Paragraphs of the demo essays on "does technology make writing easier?" (combined per learner). */
const PARAGRAPHS = [
  '기술은 분명 글쓰기의 문턱을 낮추었다. 맞춤법 검사기와 자동 완성 기능 덕분에 사소한 실수에 덜 신경 쓰고 생각을 펼치는 데 집중할 수 있다. 예전에는 원고지에 한 글자씩 옮겨 적어야 했지만, 이제는 문단을 자유롭게 옮기고 지우며 글의 구조를 여러 번 바꾸어 볼 수 있다.',
  '그러나 글쓰기가 쉬워졌다는 말은 절반만 맞다. 문장을 만드는 일은 쉬워졌지만, 무엇을 말할지 정하는 일은 여전히 어렵다. 오히려 검색 한 번으로 수많은 자료를 얻을 수 있게 되면서, 자료를 고르고 자기 목소리로 엮어 내는 능력이 더 중요해졌다.',
  '인공지능 글쓰기 도구는 이 문제를 더 선명하게 보여 준다. 도구가 그럴듯한 문단을 금방 만들어 주지만, 그 문단이 내 주장을 뒷받침하는지 판단하는 것은 결국 글쓴이의 몫이다. 판단 없이 받아들인 문장은 글을 매끄럽게 만들지 몰라도 설득력 있게 만들지는 못한다.',
  '나는 기술이 글쓰기를 쉽게 만든다기보다 글쓰기의 어려움이 있는 자리를 옮겨 놓았다고 생각한다. 손으로 쓰던 시절의 어려움이 표현과 필사에 있었다면, 지금의 어려움은 선택과 검증에 있다. 좋은 글을 쓰려면 도구를 쓰는 법과 함께 도구를 의심하는 법도 배워야 한다.',
  '실제로 지난 학기 보고서를 쓰면서 나는 자동 요약 기능에 크게 의존했다. 처음에는 시간이 절약되는 것 같았지만, 요약된 내용이 원문의 논지를 왜곡한 부분을 발견하고 나서 모든 인용을 다시 확인해야 했다. 결과적으로 더 많은 시간이 들었고, 그 과정에서 읽기의 중요성을 새삼 깨달았다.',
  '결론적으로 기술은 글쓰기를 돕는 훌륭한 도구이지만, 생각하는 수고까지 덜어 주지는 않는다. 우리는 기술 덕분에 더 많이, 더 빨리 쓸 수 있게 되었지만, 더 잘 쓰기 위해서는 여전히 느리게 생각하는 시간이 필요하다.',
];

const ANSWERS = [
  ['두 번째 문단의 근거가 충분한지 자신이 없습니다.', '반론을 다룬 부분이 공정한지 봐 주세요.'],
  ['결론이 너무 짧은 것 같습니다.', '예시가 주장과 잘 연결되는지 알려 주세요.'],
  [
    '인공지능 도구에 대한 부분이 한쪽으로 치우쳤을까 걱정됩니다.',
    '문단 사이의 연결이 자연스러운지 봐 주세요.',
  ],
];

/** A Draft.js raw essay (the old editor's format), with inline styles and a link entity. */
const DRAFT_ESSAY = {
  blocks: [
    {
      key: 'a1b2c',
      text: '기술과 글쓰기: 쉬워진 것과 어려워진 것',
      type: 'header-two',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [],
      data: {},
    },
    {
      key: 'd3e4f',
      text: '타자기에서 워드프로세서로, 다시 인공지능 도구로 넘어오면서 글쓰기의 모습은 크게 바뀌었다. 이 글은 국립국어원 자료를 참고하여 그 변화가 글쓴이에게 무엇을 요구하는지 살펴본다.',
      type: 'unstyled',
      depth: 0,
      inlineStyleRanges: [{ offset: 0, length: 3, style: 'BOLD' }],
      entityRanges: [{ offset: 56, length: 5, key: 0 }],
      data: {},
    },
    {
      key: 'g5h6i',
      text: '도구는 표현을 돕지만 판단을 대신하지는 않는다.',
      type: 'blockquote',
      depth: 0,
      inlineStyleRanges: [{ offset: 0, length: 2, style: 'ITALIC' }],
      entityRanges: [],
      data: {},
    },
  ],
  entityMap: { 0: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'https://www.korean.go.kr' } } },
};

/** A tiny but valid PDF (one empty page), attached to one demo essay. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The running (essay-stage) demo assignment: essays from most learners (Korean text of realistic
 * length, one with a pdf attachment, one in the old DRAFT format), question answers; a few
 * learners (student05 among them) have not written yet, so the writing can be tried.
 */
async function seedDemoEssays(
  db: Db,
  courseId: number,
  organisationId: number,
  seats: number[],
  learnerUserIds: number[],
  storage?: FileStorage,
) {
  const [running] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.courseId, courseId), eq(assignments.stepIndex, 0)));
  if (!running) return;
  const rows = await db.select().from(stages).where(eq(stages.assignmentId, running.id));
  const essayStage = rows.find((r) => r.model === 'essaywriting');
  const questionStage = rows.find((r) => r.model === 'questionwriting');
  if (!essayStage || !questionStage) return;
  const now = Date.now();
  // student05 and student06 (and the last four) have not written yet.
  const written = (i: number) => i !== 4 && i !== 5 && i < seats.length - 4;
  const essays = await db
    .insert(performances)
    .values(
      seats.map((enrollmentId, i) => {
        if (!written(i)) return { stageId: essayStage.id, enrollmentId };
        if (i === 6) {
          const text = DRAFT_ESSAY.blocks.map((b) => b.text).join('\n');
          return {
            stageId: essayStage.id,
            enrollmentId,
            isCompleted: true,
            editorType: 'DRAFT',
            content: DRAFT_ESSAY,
            plainText: text,
            version: 1,
            completedAt: new Date(now - DAY / 2),
          };
        }
        const picked = [0, 1, 2, 3, 4, 5].filter((k) => (k + i) % 3 !== 0 || k === 5);
        const text = picked.map((k) => PARAGRAPHS[k]).join('\n');
        return {
          stageId: essayStage.id,
          enrollmentId,
          isCompleted: true,
          editorType: 'Q',
          content: {
            ops: [
              { insert: i % 2 ? '기술은 글쓰기를 쉽게 만드는가' : '도구와 생각 사이에서' },
              { insert: '\n', attributes: { header: 2 } },
              ...picked.map((k) => ({ insert: `${PARAGRAPHS[k]}\n` })),
            ],
          },
          plainText: `${i % 2 ? '기술은 글쓰기를 쉽게 만드는가' : '도구와 생각 사이에서'}\n${text}\n`,
          version: 1,
          completedAt: new Date(now - DAY / (i + 2)),
        };
      }),
    )
    .returning({ id: performances.id, enrollmentId: performances.enrollmentId });
  await db.insert(performances).values(
    seats.map((enrollmentId, i) =>
      written(i) && i % 5 !== 3
        ? {
            stageId: questionStage.id,
            enrollmentId,
            isCompleted: true,
            version: 1,
            responses: (ANSWERS[i % ANSWERS.length] ?? []).map((response, id) => ({ id, response })),
            completedAt: new Date(now - DAY / (i + 2)),
          }
        : { stageId: questionStage.id, enrollmentId },
    ),
  );
  // Those who wrote opened the task first.
  const writers = seats.filter((_, i) => written(i));
  if (writers.length)
    await db
      .update(participations)
      .set({ attendedAt: new Date(now - DAY) })
      .where(and(eq(participations.assignmentId, running.id), inArray(participations.enrollmentId, writers)));
  const withPdf = essays.find((e) => e.enrollmentId === seats[8]);
  if (storage && withPdf) {
    const saved = await storage.save(String(organisationId), Readable.from([DEMO_PDF]));
    const [file] = await db
      .insert(files)
      .values({
        organisationId,
        storageKey: saved.key,
        originalName: '참고자료.pdf',
        contentType: 'application/pdf',
        size: saved.size,
        uploadedBy: learnerUserIds[8] ?? null,
      })
      .returning({ id: files.id });
    if (file) await db.insert(performanceFiles).values({ performanceId: withPdf.id, fileId: file.id });
  }
}

const RATING_COMMENTS = [
  '구체적인 지적 덕분에 어디를 고칠지 알 수 있었습니다.',
  '칭찬만 있어서 고칠 점을 찾기 어려웠습니다.',
  '근거에 대한 질문이 특히 도움이 됐습니다.',
  '문단 연결에 대한 조언을 바로 반영하겠습니다.',
];

const ANCHOR_COMMENTS = [
  '이 문장이 글 전체의 주장입니다. 첫 문단에서 더 분명하게 드러내면 좋겠습니다.',
  '여기에는 구체적인 예시나 자료가 하나 있으면 설득력이 커질 것 같아요.',
  '이 표현은 조금 모호합니다. 무엇을 가리키는지 풀어 써 주세요.',
  '앞 문장과의 연결이 갑작스럽습니다. 이어 주는 말을 넣어 보세요.',
  '좋은 관찰입니다. 이 생각을 결론에서 한 번 더 살려 보면 어떨까요?',
];

/**
 * A review's anchored comments on an essay `text` (the n-th review): one sentence, and for every
 * other review also a few words of the last sentence, as Quill positions with their quotes.
 */
function demoAnchors(text: string, n: number) {
  const sentences: { index: number; length: number }[] = [];
  const pattern = /[^.!?\n]+[.!?]/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const lead = m[0].length - m[0].trimStart().length;
    sentences.push({ index: m.index + lead, length: m[0].trim().length });
  }
  const picked: { index: number; length: number }[] = [];
  const first = sentences[n % Math.max(1, sentences.length)];
  if (first) picked.push(first);
  const last = sentences[sentences.length - 1];
  if (n % 2 === 0 && last && last !== first) {
    const words = text
      .slice(last.index, last.index + last.length)
      .split(' ')
      .slice(0, 3)
      .join(' ');
    picked.push({ index: last.index, length: words.length });
  }
  return picked.map((a, position) => ({
    position,
    index: a.index,
    length: a.length,
    quote: text.slice(a.index, a.index + a.length),
    comment: ANCHOR_COMMENTS[(n + position * 2) % ANCHOR_COMMENTS.length] ?? '',
  }));
}

/**
 * The instructor's calibration examples of the demo (issue 34, item 1): two short essays with the
 * instructor's points and an explanation per standard of PEER's rubric.
 */
export const DEMO_CALIBRATION = [
  {
    title: '예시 글 A',
    text: '기술은 글쓰기를 쉽게 만든다. 맞춤법 검사기가 있어서 틀린 글자를 걱정하지 않아도 되고, 인터넷에서 자료를 금방 찾을 수 있다. 그러므로 기술 덕분에 누구나 좋은 글을 쓸 수 있다.',
    points: [4, 2],
    explanations: [
      '주장("기술은 글쓰기를 쉽게 만든다")은 분명하지만, 마지막 문장이 "좋은 글"로 주장을 넓혀 일관성이 조금 흔들립니다.',
      '근거가 두 가지 나열에 그치고, 왜 그것이 좋은 글로 이어지는지 설명이 없어 충분하지 않습니다.',
    ],
  },
  {
    title: '예시 글 B',
    text: '기술은 글쓰기의 어려움을 없애지 않고 옮겨 놓았다. 표현은 쉬워졌지만 자료를 고르고 검증하는 일은 더 어려워졌다. 실제로 나는 자동 요약에 기대어 쓴 보고서에서 잘못된 인용을 세 군데나 고쳐야 했다. 도구를 쓰는 법과 함께 의심하는 법을 배워야 하는 이유다.',
    points: [6, 5],
    explanations: [
      '첫 문장의 주장이 끝까지 같은 방향으로 이어집니다.',
      '구체적인 경험(잘못된 인용 세 군데)이 주장을 뒷받침합니다. 출처를 하나 더 들면 만점입니다.',
    ],
  },
];

/**
 * A peer-review assignment with calibration (issue 34, item 1): essays written, reviewers matched,
 * nobody has calibrated or reviewed yet, so a learner (student01) scores the examples first.
 */
async function seedCalibrationAssignment(db: Db, courseId: number, seats: number[]) {
  const now = Date.now();
  const a = await insertAssignment(
    db,
    {
      courseId,
      name: '1-1차 과제: 예시로 연습하고 평가하기',
      description: '동료평가 전에 예시 글 두 편을 채점하고 강사의 채점과 비교해 봅니다.',
      stepIndex: 1,
    },
    [
      { position: 0, model: 'essaywriting', settings: ESSAY },
      {
        position: 1,
        model: 'peerreview',
        settings: { ...PEER, peer_count: 2, calibration: DEMO_CALIBRATION },
      },
    ],
  );
  if (!a) return;
  await insertParticipations(db, a.id, seats, new Date(now - 2 * DAY));
  await db.insert(performances).values([
    ...writtenEssays(
      a.stageOf('essaywriting'),
      seats,
      (i) => `${PARAGRAPHS[(i + 1) % PARAGRAPHS.length]}\n`,
      new Date(now - 2 * DAY),
    ),
    ...seats.map((enrollmentId) => ({
      stageId: a.stageOf('peerreview'),
      enrollmentId,
      isCompleted: false,
    })),
  ]);
  await insertMatchings(db, a.id, seats, 2, () => ({ assignedAt: new Date(now - DAY) }));
}

/**
 * A fifth assignment, at feedback review: essays and peer reviews done, most learners have rated
 * the reviews they received, and one objection waits for the instructor's ruling.
 */
async function seedFeedbackAssignment(db: Db, courseId: number, seats: number[]) {
  const now = Date.now();
  const a = await insertAssignment(
    db,
    {
      courseId,
      name: '1-2차 과제: 피드백 주고받기',
      description: '받은 동료평가가 얼마나 도움이 되었는지 평가하고, 필요하면 이의를 제기합니다.',
      stepIndex: 2,
    },
    [
      { position: 0, model: 'essaywriting', settings: { ...ESSAY, max_writing_score: 70 } },
      {
        position: 1,
        model: 'peerreview',
        settings: { ...PEER, max_review_score: 10, max_metacognition_score: 10 },
      },
      { position: 2, model: 'feedbackreview', settings: FEEDBACK },
      // The revision runs with the feedback review: the comments received are traced into it.
      { position: 3, model: 'revisement', settings: REVISION },
    ],
  );
  if (!a) return;
  const stageOf = a.stageOf;
  await insertParticipations(db, a.id, seats, new Date(now - 3 * DAY));
  await db.insert(performances).values([
    ...writtenEssays(
      stageOf('essaywriting'),
      seats,
      (i) => `${PARAGRAPHS[i % PARAGRAPHS.length]}\n`,
      new Date(now - 6 * DAY),
    ),
    ...seats.map((enrollmentId) => ({
      stageId: stageOf('peerreview'),
      enrollmentId,
      isCompleted: true,
      completedAt: new Date(now - 3 * DAY),
    })),
  ]);
  const made = await insertMatchings(db, a.id, seats, 2, () => ({
    isCompleted: true,
    completedAt: new Date(now - 3 * DAY),
  }));
  await db.insert(peerResponses).values(
    reviewResponses(made, PEER.standards, (_, n, i, maxPoint) => ({
      point: Math.max(1, maxPoint - ((n * 3 + i) % 5)),
      comment: REVIEW_COMMENTS[(n + i * 3) % REVIEW_COMMENTS.length] ?? '좋은 글입니다.',
    })),
  );
  // Comments anchored in the essays (issue 34, item 3): each peer review comments on one or two
  // passages of the essay it reviews (student01's essay among them).
  const reviewersSoFar = new Map<number, number>();
  const essayOfSeat = (id: number) => `${PARAGRAPHS[seats.indexOf(id) % PARAGRAPHS.length]}\n`;
  await db.insert(reviewAnchors).values(
    made
      .filter((x) => x.reviewerId !== x.targetId)
      .flatMap((x) => {
        // The k-th reviewer of an essay starts at another sentence than the one before.
        const k = reviewersSoFar.get(x.targetId) ?? 0;
        reviewersSoFar.set(x.targetId, k + 1);
        return demoAnchors(essayOfSeat(x.targetId), k + seats.indexOf(x.targetId)).map((a) => ({
          matchingId: x.id,
          ...a,
        }));
      }),
  );
  // Everyone but the last six (and students 05, 06) has rated the reviews received.
  const notYet = new Set<number>([...seats.slice(-6), ...seats.slice(4, 6)]);
  const received = made.filter((x) => x.reviewerId !== x.targetId && !notYet.has(x.targetId));
  await db.insert(feedbackMatchings).values(
    received.map((x, n) => ({
      matchingId: x.id,
      point: 2 + (n % 4),
      comment: RATING_COMMENTS[n % RATING_COMMENTS.length] ?? '도움이 됐습니다.',
    })),
  );
  await db.insert(performances).values(
    seats.map((enrollmentId) => ({
      stageId: stageOf('feedbackreview'),
      enrollmentId,
      isCompleted: !notYet.has(enrollmentId),
      completedAt: notYet.has(enrollmentId) ? null : new Date(now - DAY),
    })),
  );
  // Every learner's revision is open (not yet written), with the comments received to trace.
  await db
    .insert(performances)
    .values(seats.map((enrollmentId) => ({ stageId: stageOf('revisement'), enrollmentId })));
  // One objection (student08 to their first review) waits for a ruling.
  const objected = made.find((x) => x.targetId === seats[7] && x.reviewerId !== x.targetId);
  if (objected) {
    await db.insert(objections).values({
      matchingId: objected.id,
      comment: '두 번째 기준의 점수가 본문의 근거를 충분히 반영하지 않은 것 같습니다. 다시 검토해 주세요.',
    });
  }
}

/**
 * The completed demo assignment gets its reports as completion computes them, after one review
 * adjusted by the instructor (audited, with a reason) and with an instructor comment.
 */
async function seedCompletedReports(db: Db, courseId: number, prof: number) {
  const [done] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.courseId, courseId), eq(assignments.name, '0차 과제: 연습')));
  if (!done) return;
  const [review] = await db
    .select({ id: peerMatchings.id })
    .from(peerMatchings)
    .where(and(eq(peerMatchings.assignmentId, done.id), ne(peerMatchings.reviewerId, peerMatchings.targetId)))
    .orderBy(peerMatchings.id)
    .limit(1);
  if (review) {
    const reason = '근거 없이 낮은 점수여서 다른 평가자들과 맞췄습니다.';
    await db
      .update(peerResponses)
      .set({ editedPoint: 5 })
      .where(and(eq(peerResponses.matchingId, review.id), eq(peerResponses.standardIndex, 0)));
    await db.update(peerMatchings).set({ instructorComment: reason }).where(eq(peerMatchings.id, review.id));
    await db.insert(reviewAudit).values({
      matchingId: review.id,
      kind: 'adjustment',
      actorId: prof,
      before: { responses: [{ id: 0, edited_point: null }] },
      after: { responses: [{ id: 0, edited_point: 5 }] },
      reason,
    });
  }
  // Ratings of every review received, the feedback and revision work, and revision scores.
  const stageRows = await db.select().from(stages).where(eq(stages.assignmentId, done.id));
  const stageOf = (model: string) => stageRows.find((r) => r.model === model)?.id;
  const pairs = await db.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, done.id));
  await db.insert(feedbackMatchings).values(
    pairs
      .filter((x) => x.reviewerId !== x.targetId)
      .map((x, n) => ({
        matchingId: x.id,
        point: 2 + ((n * 7) % 4),
        comment: RATING_COMMENTS[n % RATING_COMMENTS.length] ?? '도움이 됐습니다.',
      })),
  );
  const people = [...new Set(pairs.map((x) => x.targetId))];
  const essays = await db
    .select()
    .from(performances)
    .where(eq(performances.stageId, stageOf('essaywriting') ?? -1));
  const feedbackStage = stageOf('feedbackreview');
  const revisionStage = stageOf('revisement');
  if (feedbackStage && revisionStage) {
    await db.insert(performances).values([
      ...people.map((enrollmentId) => ({
        stageId: feedbackStage,
        enrollmentId,
        isCompleted: true,
        completedAt: new Date(),
      })),
      ...people.map((enrollmentId) => {
        const essay = essays.find((e) => e.enrollmentId === enrollmentId)?.plainText ?? '';
        const text = `${essay.trim()} 받은 평가를 반영해 제 경험을 하나 더 구체적으로 적었습니다.\n`;
        return {
          stageId: revisionStage,
          enrollmentId,
          isCompleted: true,
          editorType: 'Q',
          content: { ops: [{ insert: text }] },
          plainText: text,
          retrospective: '평가자들이 지적한 근거 부족을 보완했습니다.',
          version: 1,
          completedAt: new Date(),
        };
      }),
    ]);
    await db.insert(reports).values(
      people.map((enrollmentId, n) => {
        const score = 6 + ((n * 3) % 5);
        return { assignmentId: done.id, enrollmentId, revisementScore: score };
      }),
    );
  }
  await computeReports(db as unknown as Tx, done.id, new Date());
  const [first] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.assignmentId, done.id))
    .orderBy(reports.id)
    .limit(1);
  if (first) {
    await db
      .update(reports)
      .set({
        comment: '자기소개의 흐름이 자연스럽습니다. 다음에는 구체적인 경험을 하나 더 넣어 보세요.',
        commentedBy: prof,
      })
      .where(eq(reports.id, first.id));
  }
}

/** Short review essays of the second completed assignment. */
const REVIEW_ESSAYS = [
  '이 영화는 평범한 가족의 하루를 따라가며 말하지 않은 감정이 쌓이는 과정을 보여 준다. 대사보다 침묵이 많은 장면들이 오히려 인물의 마음을 더 잘 드러낸다.',
  '소설의 결말은 열려 있지만 허술하지 않다. 작가는 앞에서 흘려 둔 작은 단서들을 마지막 장면에서 조용히 모아, 독자가 스스로 답을 찾게 만든다.',
  '전시는 도시의 오래된 간판을 모아 한 시대의 글씨체를 보여 준다. 설명이 짧아 아쉽지만, 간판 하나하나가 그 자체로 이야기를 품고 있다.',
];

/**
 * A second completed assignment (essay and peer review only), so the course results, the weights
 * and the learners' score trends have two assignments to compare on a fresh start. Weights 40/60.
 * Its scores are held for release (release when ready, issue 33): the score page offers the
 * release and shows the rubric's reliability, its learners read "scores will be released".
 */
async function seedSecondCompleted(db: Db, courseId: number, seats: number[]) {
  const now = Date.now();
  const a = await insertAssignment(
    db,
    {
      courseId,
      name: '예비 과제: 짧은 비평문',
      description: '최근에 본 영화, 책, 전시 중 하나를 골라 짧은 비평문을 쓰고 서로 평가합니다.',
      stepIndex: 2,
      isReleaseHeld: true,
    },
    [
      { position: 0, model: 'essaywriting', settings: ESSAY, startAt: null, endAt: null },
      { position: 1, model: 'peerreview', settings: PEER, startAt: null, endAt: null },
    ],
  );
  if (!a) return;
  await insertParticipations(db, a.id, seats, new Date(now - 3 * DAY));
  await db.insert(performances).values([
    ...writtenEssays(
      a.stageOf('essaywriting'),
      seats,
      (i) => `${REVIEW_ESSAYS[i % REVIEW_ESSAYS.length]} (${i + 1})`,
      new Date(now - 20 * DAY),
    ),
    ...seats.map((enrollmentId) => ({
      stageId: a.stageOf('peerreview'),
      enrollmentId,
      isCompleted: true,
      completedAt: new Date(now - 15 * DAY),
    })),
  ]);
  const made = await insertMatchings(db, a.id, seats, PEER.peer_count, () => ({
    isCompleted: true,
    completedAt: new Date(now - 15 * DAY),
  }));
  // Writers of later essays write a little better; most reviewers follow that, a few do not.
  const rank = new Map(seats.map((id, i) => [id, i]));
  await db.insert(peerResponses).values(
    reviewResponses(made, PEER.standards, (x, n, i, maxPoint) => {
      const quality = 2 + Math.round(((rank.get(x.targetId) ?? 0) / Math.max(1, seats.length - 1)) * 3);
      const noise = (n + i) % 5 === 0 ? 1 : (n + i) % 7 === 0 ? -1 : 0;
      return {
        point: Math.min(maxPoint, Math.max(1, quality + noise)),
        comment: REVIEW_COMMENTS[(n * 3 + i) % REVIEW_COMMENTS.length] ?? '좋은 글입니다.',
      };
    }),
  );
  await computeReports(db as unknown as Tx, a.id, new Date(now - 14 * DAY));
  const [first] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.courseId, courseId), eq(assignments.name, '0차 과제: 연습')));
  await db
    .insert(assignmentWeights)
    .values([...(first ? [{ assignmentId: first.id, weight: 40 }] : []), { assignmentId: a.id, weight: 60 }]);
}

/**
 * The bell of the demo: each running assignment's current stage announced to those with work in
 * it, each completed one's scores (read: old news), and the instructor's objections to answer.
 * None is mailed (they are the demo's past).
 */
async function seedDemoNotifications(tx: Tx, organisationId: number) {
  const rows = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(eq(courses.organisationId, organisationId));
  for (const { id } of rows) {
    const shape = await loadAssignment(tx, { assignmentId: id });
    if (shape.stepIndex < 0) continue;
    // Held scores are told of at their release.
    if (shape.isComplete) {
      if (!isHeld(shape.row)) await notifyScoresReady(tx, shape, 'completion');
    } else await notifyStepOpened(tx, shape, shape.stepIndex);
  }
  // The instructor's and assistants' bell: the objections the demo's learners filed.
  const filed = await tx
    .select({ id: objections.id, assignmentId: assignments.id, courseId: assignments.courseId })
    .from(objections)
    .innerJoin(peerMatchings, eq(peerMatchings.id, objections.matchingId))
    .innerJoin(assignments, eq(assignments.id, peerMatchings.assignmentId));
  for (const o of filed)
    await notifyCourseStaff(
      tx,
      { courseId: o.courseId, assignmentId: o.assignmentId },
      { kind: 'objection_filed', key: `objection-filed:${o.id}` },
    );
  await tx.update(notifications).set({ mail: 'skipped' });
  // The completed assignments' scores are old news: read.
  await tx
    .update(notifications)
    .set({ readAt: sql`created_at` })
    .where(eq(notifications.kind, 'scores_ready'));
}
