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
// First, the term-start case (issue 36, item 19): a class of BENCH_TERM_START learners (200; 0 to
// skip) written in one go and measured at once, unanalysed, then analysed. BENCH_EARLIER (5)
// learners' course is built and analysed before it (the statistics a running server has of its
// first, small course); BENCH_EARLIER=0 measures a database never analysed. BENCH_SIZES= (empty)
// runs the term-start case alone; BENCH_DB_PREFIX names the PostgreSQL database made for the run.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { organisations, users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords';
import { freshPostgres, managementFloorQuery } from './fixtures';
import { BENCH_PASSWORD, benchApp, signedInHeaders } from './in-process';
import { buildManagementCourse } from './management-course';

const SIZES = (process.env.BENCH_SIZES ?? '50,100,200,400').split(',').filter(Boolean).map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/** Learners of the term-start class (0: no term-start case). */
const TERM_START = Number(process.env.BENCH_TERM_START ?? 200);
/** Learners of the earlier, analysed course the term starts after (0: a never-analysed database). */
const EARLIER = Number(process.env.BENCH_EARLIER ?? 5);

// On PostgreSQL a new database for this run, dropped at the end (PGlite is in memory anyway).
const pgDatabase = process.env.DATABASE_URL
  ? await freshPostgres(process.env.DATABASE_URL, process.env.BENCH_DB_PREFIX ?? 'pw_bench_management')
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
    passwordHash: await hashPassword(BENCH_PASSWORD),
    role: 'I',
  })
  .returning();
const owner = { organisationId: org!.id, instructorId: prof!.id, tag };

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

const app = await benchApp(database);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const headers = await signedInHeaders(app, host, `prof-${tag}@example.com`);

/**
 * CPU time (ms) used so far by this process (the server and autocannon, which share it) and by the
 * bench database's PostgreSQL backends (local server, read from /proc): unlike throughput, CPU per
 * request hardly moves when other work shares the machine.
 */
async function cpuNow() {
  const own = process.cpuUsage();
  let pgMs = 0;
  if (pgDatabase) {
    const backends = (await db.execute(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    )) as unknown as { rows: { pid: number }[] };
    for (const { pid } of backends.rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        pgMs += (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
      } catch {
        // a backend that ended meanwhile
      }
    }
  }
  return { node: (own.user + own.system) / 1000, pg: pgMs };
}

async function drive(path: string) {
  const before = await cpuNow();
  const result = await autocannon({ url: `${address}${path}`, headers, connections: 10, duration: SECONDS });
  const after = await cpuNow();
  if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} answers were not 2xx`);
  const n = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p95: result.latency.p97_5 ?? result.latency.p99,
    cpu: `${((after.node - before.node) / n).toFixed(1)} / ${pgDatabase ? ((after.pg - before.pg) / n).toFixed(1) : '–'}`,
  };
}

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\n${engine}, 10 connections, ${SECONDS} s per route (p95 is autocannon's p97.5):\n`);
console.log(
  '| learners | bare rps / p95 ms | table rps / p95 ms | floor rps / p95 ms | table ÷ floor rps | export rps / p95 ms | table CPU ms per request: Node / PostgreSQL | export CPU ms per request |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');

/** Warms both routes up, then measures the bare route, the table, its floor and the export. */
async function measure(label: string, courseId: number, assignmentId: number) {
  const base = `/api/v1/courses/${courseId}/assignments/${assignmentId}`;
  // Warm-up of both routes: the first export also loads the workbook writer (imported on demand, once per
  // server) and compiles its code, which is not what a class's exports cost.
  await drive(`${base}/management/`);
  await drive(`${base}/stages-of-learners/`);
  const bare = await drive('/api/v1/health/');
  const table = await drive(`${base}/management/`);
  const low = await floor(assignmentId);
  const book = await drive(`${base}/stages-of-learners/`);
  const f = (x: { rps: number; p95: number }) => `${x.rps.toFixed(0)} / ${x.p95.toFixed(0)}`;
  console.log(
    `| ${label} | ${f(bare)} | ${f(table)} | ${f(low)} | ${(table.rps / low.rps).toFixed(2)} | ${f(book)} | ${table.cpu} | ${book.cpu} |`,
  );
}

// Term start (issue 36, item 19): a class built in one sitting and read at once, before anything
// has analysed its rows. The database first holds an earlier, small course, analysed (what a
// running server's autovacuum leaves: statistics of a few rows); then the class of TERM_START
// learners is written in one go and measured immediately, then again once analysed. Autovacuum is
// switched off on the bench database's tables so that it cannot analyse them mid-run.
if (TERM_START > 0) {
  if (pgDatabase) {
    await db.execute(sql`do $$ declare t text; begin
      for t in select tablename from pg_tables where schemaname = 'public' loop
        execute format('alter table %I set (autovacuum_enabled = off)', t);
      end loop; end $$`);
  }
  if (EARLIER > 0) {
    await buildManagementCourse(db, owner, EARLIER, 'earlier');
    await db.execute(sql`analyze`);
  }
  const { courseId, assignmentId } = await buildManagementCourse(db, owner, TERM_START, 'term');
  await measure(`${TERM_START}, term start (not analysed)`, courseId, assignmentId);
  await db.execute(sql`analyze`);
  await measure(`${TERM_START}, term start, analysed`, courseId, assignmentId);
}

for (const n of SIZES) {
  const { courseId, assignmentId } = await buildManagementCourse(db, owner, n);
  // A production PostgreSQL's autovacuum would have analysed the new rows by now; this one runs
  // with autovacuum off, so the bench does it (PGlite has none and is measured as it runs).
  if (pgDatabase) await db.execute(sql`analyze`);
  await measure(String(n), courseId, assignmentId);
}
await app.close();
await database.close();
await pgDatabase?.drop();
