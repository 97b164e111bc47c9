// Course results at class scale (issue 15): 200 learners × 10 completed assignments with stored
// reports, stage work and weights. Times GET /courses/{id}/results/ and GET …/personal-score/
// through the real app (routing, auth, tenancy, queries, serialisation) beside a bare route of
// the same app, interleaved so all three share the machine's noise. Goal: results p95 ≤ 100 ms on
// PostgreSQL.
//   npm run bench:results -w @pw/bench                         (PGlite in memory)
//   DATABASE_URL=postgres://... npm run bench:results -w @pw/bench
import { openDatabase } from '../apps/server/src/db/client';
import {
  assignments,
  assignmentWeights,
  courses,
  enrollments,
  organisations,
  performances,
  reports,
  stages,
  users,
} from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords';
import { fourStageRows } from './fixtures';
import { BENCH_PASSWORD, benchApp, signedInHeaders } from './in-process';

const LEARNERS = 200;
const ASSIGNMENTS = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

const database = await openDatabase({ url: process.env.DATABASE_URL });
await database.migrate();
const db = database.db;
const tag = Date.now().toString(36);
const host = `r${tag}.peer.test`;
const [org] = await db
  .insert(organisations)
  .values({ name: `bench ${tag}`, subdomain: `r${tag}` })
  .returning();
const [prof] = await db
  .insert(users)
  .values({
    organisationId: org!.id,
    email: `prof-${tag}@example.com`,
    name: 'prof',
    passwordHash: await hashPassword(BENCH_PASSWORD),
    role: 'I',
  })
  .returning();
const [course] = await db
  .insert(courses)
  .values({ organisationId: org!.id, instructorId: prof!.id, name: 'bench', code: `R${tag}`.slice(0, 10) })
  .returning();
const people = await db
  .insert(users)
  .values(
    Array.from({ length: LEARNERS }, (_, i) => ({
      organisationId: org!.id,
      email: `l${i}-${tag}@example.com`,
      name: `학습자 ${String(i).padStart(3, '0')}`,
      passwordHash: '',
    })),
  )
  .returning({ id: users.id });
const seats = await db
  .insert(enrollments)
  .values(
    people.map((p, i) => ({ courseId: course!.id, userId: p.id, code: `S${i}`, isActive: i % 40 !== 0 })),
  )
  .returning({ id: enrollments.id });
for (let n = 0; n < ASSIGNMENTS; n++) {
  const [a] = await db
    .insert(assignments)
    .values({ courseId: course!.id, name: `과제 ${n + 1}`, description: 'd', stepIndex: 3 })
    .returning();
  const made = await db.insert(stages).values(fourStageRows(a!.id)).returning({ id: stages.id });
  await db
    .insert(performances)
    .values(
      made.flatMap((s, k) =>
        seats.map((e, i) => ({ stageId: s.id, enrollmentId: e.id, isCompleted: (i + k + n) % 9 !== 0 })),
      ),
    );
  await db.insert(reports).values(
    seats.map((e, i) => {
      const v = (i * 7 + n * 13) % 40;
      const scores = {
        essayWriting: 30 + v * 0.7,
        peerReview: 5 + (v % 5),
        metacognition: 4 + (v % 6),
        feedbackReview: 6 + (v % 4),
        revisement: 5 + (v % 5),
        total: 0,
      };
      scores.total =
        scores.essayWriting +
        scores.peerReview +
        scores.metacognition +
        scores.feedbackReview +
        scores.revisement;
      return {
        assignmentId: a!.id,
        enrollmentId: e.id,
        computedAt: new Date(),
        scores: { learner: { learnerId: String(e.id), isInstructorLearner: false, scores } },
      };
    }),
  );
  await db.insert(assignmentWeights).values({ assignmentId: a!.id, weight: 10 });
}

const app = await benchApp(database);
const headers = await signedInHeaders(app, host, `prof-${tag}@example.com`);

const routes = {
  bare: '/api/v1/health/',
  results: `/api/v1/courses/${course!.id}/results/`,
  personal: `/api/v1/courses/${course!.id}/enrolls/${seats[5]!.id}/personal-score/`,
};
const times: Record<keyof typeof routes, number[]> = { bare: [], results: [], personal: [] };
const once = async (key: keyof typeof routes) => {
  const start = performance.now();
  const res = await app.inject({ method: 'GET', url: routes[key], headers });
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { ms, bytes: res.body.length };
};
for (let i = 0; i < 5; i++) for (const key of Object.keys(routes) as (keyof typeof routes)[]) await once(key);
let size = 0;
for (let i = 0; i < RUNS; i++) {
  for (const key of Object.keys(routes) as (keyof typeof routes)[]) {
    const { ms, bytes } = await once(key);
    times[key].push(ms);
    if (key === 'results') size = bytes;
  }
}
const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`${engine}, ${LEARNERS} learners × ${ASSIGNMENTS} assignments, ${RUNS} runs each, interleaved`);
console.log(`results body: ${(size / 1024).toFixed(0)} KB`);
console.log('| route | p50 ms | p95 ms | p95 ÷ bare p95 |');
console.log('|---|---:|---:|---:|');
for (const key of Object.keys(routes) as (keyof typeof routes)[]) {
  console.log(
    `| ${key} | ${pct(times[key], 50).toFixed(1)} | ${pct(times[key], 95).toFixed(1)} | ${(pct(times[key], 95) / pct(times.bare, 95)).toFixed(1)} |`,
  );
}
const goal = pct(times.results, 95) <= 100;
console.log(`goal results p95 ≤ 100 ms: ${goal ? 'met' : 'not met'}`);
await app.close();
await database.close();
