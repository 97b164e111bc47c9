// Report computation at class scale (issue 14): a class of 200 learners, 6 reviewers per essay,
// 5 standards, with ratings. Times `computeReports` (read every input, run the engine, store 200
// reports, in one transaction) beside the engine alone on the same input, interleaved.
//   npm run bench:reports -w @pw/bench                         (PGlite in memory)
//   DATABASE_URL=postgres://... npm run bench:reports -w @pw/bench
import { createMatching, createRandom, scoreAssignment } from '@pw/domain';
import { openDatabase } from '../apps/server/src/db/client';
import {
  assignments,
  courses,
  enrollments,
  feedbackMatchings,
  organisations,
  participations,
  peerMatchings,
  peerResponses,
  performances,
  stages,
  users,
} from '../apps/server/src/db/schema';
import { computeReports, scoringInput } from '../apps/server/src/modules/reports/compute-reports';

const LEARNERS = 200;
const PEER_COUNT = 6;
const STANDARDS = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 10);

const database = await openDatabase({ url: process.env.DATABASE_URL });
await database.migrate();
const db = database.db;
const tag = Date.now().toString(36);
const random = createRandom('reports-bench');

const [org] = await db
  .insert(organisations)
  .values({ name: `bench ${tag}`, subdomain: `b${tag}` })
  .returning();
const [prof] = await db
  .insert(users)
  .values({
    organisationId: org!.id,
    email: `prof-${tag}@example.com`,
    name: 'prof',
    passwordHash: '',
    role: 'I',
  })
  .returning();
const [course] = await db
  .insert(courses)
  .values({ organisationId: org!.id, instructorId: prof!.id, name: 'bench', code: `B${tag}`.slice(0, 10) })
  .returning();
const people = await db
  .insert(users)
  .values(
    Array.from({ length: LEARNERS }, (_, i) => ({
      organisationId: org!.id,
      email: `l${i}-${tag}@example.com`,
      name: `l${i}`,
      passwordHash: '',
    })),
  )
  .returning({ id: users.id });
const seats = await db
  .insert(enrollments)
  .values(people.map((p, i) => ({ courseId: course!.id, userId: p.id, code: `S${i}` })))
  .returning({ id: enrollments.id });
const [a] = await db
  .insert(assignments)
  .values({ courseId: course!.id, name: 'bench', description: 'd', stepIndex: 3 })
  .returning();
const standards = Array.from({ length: STANDARDS }, (_, i) => ({
  question: `q${i}`,
  max_point: 6 + (i % 3),
}));
const rows = await db
  .insert(stages)
  .values([
    {
      assignmentId: a!.id,
      position: 0,
      model: 'essaywriting',
      settings: { limit_type: 'L', max_length: 2500, max_writing_score: 60 },
    },
    {
      assignmentId: a!.id,
      position: 1,
      model: 'peerreview',
      settings: { peer_count: PEER_COUNT, max_review_score: 10, max_metacognition_score: 10, standards },
    },
    {
      assignmentId: a!.id,
      position: 2,
      model: 'feedbackreview',
      settings: { max_review_score: 10, max_point: 5 },
    },
    { assignmentId: a!.id, position: 3, model: 'revisement', settings: { max_revisement_score: 10 } },
  ])
  .returning();
await db
  .insert(participations)
  .values(seats.map((s) => ({ assignmentId: a!.id, enrollmentId: s.id, status: 1 })));
await db
  .insert(performances)
  .values(seats.map((s) => ({ stageId: rows[0]!.id, enrollmentId: s.id, isCompleted: true })));
const { pairs } = createMatching({
  participants: seats.map((s) => ({ id: String(s.id), hasEssay: true })),
  peerCount: PEER_COUNT,
  seed: 'bench',
});
const matchings = await db
  .insert(peerMatchings)
  .values([
    ...pairs.map((p) => ({
      assignmentId: a!.id,
      reviewerId: Number(p.reviewerId),
      targetId: Number(p.authorId),
      isCompleted: true,
    })),
    ...seats.map((s) => ({ assignmentId: a!.id, reviewerId: s.id, targetId: s.id, isCompleted: true })),
  ])
  .returning({
    id: peerMatchings.id,
    reviewerId: peerMatchings.reviewerId,
    targetId: peerMatchings.targetId,
  });
const responseRows = matchings.flatMap((m) =>
  standards.map((s, i) => ({
    matchingId: m.id,
    standardIndex: i,
    point: Math.round(random.next() * s.max_point),
    comment: 'c',
  })),
);
for (let i = 0; i < responseRows.length; i += 1000)
  await db.insert(peerResponses).values(responseRows.slice(i, i + 1000));
await db
  .insert(feedbackMatchings)
  .values(
    matchings
      .filter((m) => m.reviewerId !== m.targetId)
      .map((m) => ({ matchingId: m.id, point: 1 + Math.floor(random.next() * 5), comment: 'c' })),
  );

const input = await scoringInput(db, a!.id);
const engine: number[] = [];
const full: number[] = [];
for (let run = 0; run < RUNS + 2; run++) {
  let t0 = performance.now();
  scoreAssignment(input);
  const e = performance.now() - t0;
  t0 = performance.now();
  await db.transaction((tx) => computeReports(tx, a!.id, new Date()));
  const f = performance.now() - t0;
  if (run >= 2) {
    engine.push(e);
    full.push(f);
  }
}
await database.close();

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
const worst = (xs: number[]) => Math.max(...xs);
const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `\n${kind}: ${LEARNERS} learners × ${PEER_COUNT} reviewers × ${STANDARDS} standards, ${RUNS} runs\n`,
);
console.log('| step | median ms | worst ms | ratio to the engine alone |');
console.log('|---|---:|---:|---:|');
console.log(
  `| engine alone (scoreAssignment) | ${median(engine).toFixed(0)} | ${worst(engine).toFixed(0)} | 1.0 |`,
);
console.log(
  `| computeReports (read, score, store 200 reports, one transaction) | ${median(full).toFixed(0)} | ${worst(full).toFixed(0)} | ${(median(full) / median(engine)).toFixed(1)} |`,
);
if (worst(full) > 1000) console.log('\n✗ over the goal of 1 s');
