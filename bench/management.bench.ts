// The management table at class scale (issue 18): a course of N learners × 10 assignments, the
// measured assignment at feedback review (every learner has written, reviewed three peers and
// themself; half the reviews are rated). The real server listens; autocannon drives it with 10
// connections for a few seconds per route. Beside it, in the same run: the bare route, and the
// raw-SQL floor — one hand-written query returning the same rows, run by 10 concurrent workers
// on the same database handle. N = 50, 100, 200, 400 shows how the cost grows.
//   npm run bench:management -w @pw/bench                        (PGlite in memory)
//   DATABASE_URL=postgres://... npm run bench:management -w @pw/bench
// Goals (PostgreSQL, N = 200): table p95 ≤ 100 ms and ≥ 50 % of the floor's throughput;
// export p95 ≤ 200 ms; PGlite table p95 ≤ 250 ms.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import {
  assignments,
  courses,
  enrollments,
  feedbackMatchings,
  organisations,
  participations,
  peerMatchings,
  performances,
  stages,
  users,
} from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords';
import { freshPostgres, managementFloorQuery } from './fixtures';

const SIZES = (process.env.BENCH_SIZES ?? '50,100,200,400').split(',').map(Number);
const ASSIGNMENTS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);

// On PostgreSQL a new database for this run, dropped at the end (PGlite is in memory anyway).
const pgDatabase = process.env.DATABASE_URL
  ? await freshPostgres(process.env.DATABASE_URL, 'pw_bench_management')
  : undefined;
const database = await openDatabase({ url: pgDatabase?.url });
await database.migrate();
const db = database.db;
const tag = Date.now().toString(36);
const host = `m${tag}.peer.test`;
const [org] = await db
  .insert(organisations)
  .values({ name: `bench ${tag}`, subdomain: `m${tag}` })
  .returning();
const [prof] = await db
  .insert(users)
  .values({
    organisationId: org!.id,
    email: `prof-${tag}@example.com`,
    name: 'prof',
    passwordHash: await hashPassword('bench-password'),
    role: 'I',
  })
  .returning();

/** A course of `n` learners and 10 assignments at feedback review; returns the measured one. */
async function buildCourse(n: number) {
  const [course] = await db
    .insert(courses)
    .values({
      organisationId: org!.id,
      instructorId: prof!.id,
      name: `bench ${n}`,
      code: `M${n}${tag}`.slice(0, 10),
    })
    .returning();
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        organisationId: org!.id,
        email: `l${n}-${i}-${tag}@example.com`,
        name: `학습자 ${String(i).padStart(3, '0')}`,
        passwordHash: '',
      })),
    )
    .returning({ id: users.id });
  const seats = await db
    .insert(enrollments)
    .values(
      people.map((p, i) => ({ courseId: course!.id, userId: p.id, code: `S${String(i).padStart(4, '0')}` })),
    )
    .returning({ id: enrollments.id });
  let measured = 0;
  for (let k = 0; k < ASSIGNMENTS; k++) {
    const [a] = await db
      .insert(assignments)
      .values({ courseId: course!.id, name: `과제 ${k + 1}`, description: 'd', stepIndex: 2 })
      .returning();
    const made = await db
      .insert(stages)
      .values([
        {
          assignmentId: a!.id,
          position: 0,
          model: 'essaywriting' as const,
          settings: { max_writing_score: 60 },
        },
        {
          assignmentId: a!.id,
          position: 1,
          model: 'peerreview' as const,
          settings: { peer_count: 3, max_review_score: 10, max_metacognition_score: 10, standards: [] },
        },
        {
          assignmentId: a!.id,
          position: 2,
          model: 'feedbackreview' as const,
          settings: { max_review_score: 10 },
        },
        {
          assignmentId: a!.id,
          position: 3,
          model: 'revisement' as const,
          settings: { max_revisement_score: 10 },
        },
      ])
      .returning({ id: stages.id });
    await db
      .insert(participations)
      .values(seats.map((e) => ({ assignmentId: a!.id, enrollmentId: e.id, status: 1 })));
    await db
      .insert(performances)
      .values(
        made.flatMap((s, j) =>
          seats.map((e, i) => ({ stageId: s.id, enrollmentId: e.id, isCompleted: (i + j) % 7 !== 0 })),
        ),
      );
    const pairs = seats.flatMap((e, i) => [
      ...[1, 2, 3].map((d) => ({
        assignmentId: a!.id,
        reviewerId: e.id,
        targetId: seats[(i + d) % n]!.id,
        isCompleted: (i + d) % 5 !== 0,
      })),
      { assignmentId: a!.id, reviewerId: e.id, targetId: e.id, isCompleted: true },
    ]);
    const matchings = await db.insert(peerMatchings).values(pairs).returning({
      id: peerMatchings.id,
      reviewerId: peerMatchings.reviewerId,
      targetId: peerMatchings.targetId,
    });
    const rated = matchings.filter((m, i) => m.reviewerId !== m.targetId && i % 2 === 0);
    for (let i = 0; i < rated.length; i += 500) {
      await db
        .insert(feedbackMatchings)
        .values(rated.slice(i, i + 500).map((m) => ({ matchingId: m.id, point: 4, comment: '도움이 됨' })));
    }
    measured = a!.id;
  }
  return { courseId: course!.id, assignmentId: measured };
}

async function floor(assignmentId: number) {
  const until = performance.now() + SECONDS * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await db.execute(managementFloorQuery(assignmentId));
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((x, y) => x - y);
  return { rps: times.length / SECONDS, p95: times[Math.floor(times.length * 0.95)] ?? 0 };
}

const config = loadConfig({
  DEMO_DATA: 'off',
  BASE_DOMAIN: 'peer.test',
  WEB_DIST: '/nonexistent',
  LOG_LEVEL: 'silent',
});
const app = await buildApp(config, { database, logger: false, seed: false, scheduler: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const signedIn = await app.inject({
  method: 'POST',
  url: '/api/v1/users/sign-in/',
  headers: { host },
  payload: { email: `prof-${tag}@example.com`, password: 'bench-password' },
});
const headers = { host, authorization: `Token ${(signedIn.json() as { token: string }).token}` };

async function drive(path: string) {
  const result = await autocannon({ url: `${address}${path}`, headers, connections: 10, duration: SECONDS });
  if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p95: result.latency.p97_5 ?? result.latency.p99 };
}

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\n${engine}, 10 connections, ${SECONDS} s per route (p95 is autocannon's p97.5):\n`);
console.log(
  '| learners | bare rps / p95 ms | table rps / p95 ms | floor rps / p95 ms | table ÷ floor rps | export rps / p95 ms |',
);
console.log('|---:|---:|---:|---:|---:|---:|');
for (const n of SIZES) {
  const { courseId, assignmentId } = await buildCourse(n);
  // A production PostgreSQL's autovacuum would have analysed the new rows by now; this one runs
  // with autovacuum off, so the bench does it (PGlite has none and is measured as it runs).
  if (pgDatabase) await db.execute(sql`analyze`);
  const base = `/api/v1/courses/${courseId}/assignments/${assignmentId}`;
  // Warm-up of both routes: the first export also loads ExcelJS (imported on demand, once per
  // server) and compiles its code, which is not what a class's exports cost.
  await drive(`${base}/management/`);
  await drive(`${base}/stages-of-learners/`);
  const bare = await drive('/api/v1/health/');
  const table = await drive(`${base}/management/`);
  const low = await floor(assignmentId);
  const book = await drive(`${base}/stages-of-learners/`);
  const f = (x: { rps: number; p95: number }) => `${x.rps.toFixed(0)} / ${x.p95.toFixed(0)}`;
  console.log(
    `| ${n} | ${f(bare)} | ${f(table)} | ${f(low)} | ${(table.rps / low.rps).toFixed(2)} | ${f(book)} |`,
  );
}
await app.close();
await database.close();
await pgDatabase?.drop();
