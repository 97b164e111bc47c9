// Class scale, every list (issue 18): a course of 200 learners × 10 assignments built through the
// HTTP API as its users would (sign-up, enrolment, late participation and its approval, essays,
// peer reviews, helpfulness ratings, revisions, stage moves, notices), then every list and
// dashboard a user opens, driven by autocannon (10 connections, a few seconds each) against the
// real listening server. Beside them, in the same run: the bare route and a raw-SQL floor for the
// heaviest ones (one hand-written query returning the same rows, 10 concurrent workers on the
// server's database handle). One table for every database measured.
//   npm run bench:scale -w @pw/bench                                   (PGlite in memory)
//   BENCH_DBS=pglite,postgres npm run bench:scale -w @pw/bench         (both, one table)
//   DATABASE_URL=postgres://... npm run bench:scale -w @pw/bench       (PostgreSQL only)
// PostgreSQL runs on a fresh database made from DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) and dropped afterwards.
// Goals: p95 ≤ 50 ms on PostgreSQL, ≤ 150 ms on PGlite, for every list.
import http from 'node:http';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { organisations, users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords';
import { loadAssignment } from '../apps/server/src/modules/assignments/assignment-loader';
import { buildScoreTable } from '../apps/server/src/modules/reports/score-table';
import { buildCourseResults } from '../apps/server/src/modules/results/course-results';
import { freshPostgres, managementFloorQuery } from './fixtures';
import { BENCH_PASSWORD, benchApp } from './in-process';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 200);
const LATE = Math.max(1, Math.round(LEARNERS / 40)); // enrol after the assignments started
const ASSIGNMENTS = 10; // 7 completed, then one each at feedback review, peer review, essay writing
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DBS = (process.env.BENCH_DBS ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite'))
  .split(',')
  .map((s) => s.trim()) as ('pglite' | 'postgres')[];
const GOAL = { pglite: 150, postgres: 50 } as const;
/**
 * The management table has goals of its own in issue 18: p95 ≤ 100 ms on PostgreSQL with at least
 * half the raw-SQL floor's throughput, and ≤ 250 ms on PGlite.
 */
const MANAGEMENT_LABEL = 'instructor: management table (feedback review)';
const MANAGEMENT_GOAL = { pglite: 250, postgres: 100 } as const;
const MANAGEMENT_FLOOR_SHARE = { pglite: 0, postgres: 0.5 } as const;

/** Whether a route's figures meet its goal on this database. */
function meetsGoal(label: string, kind: 'pglite' | 'postgres', f: Figure, floor: Figure | undefined) {
  if (label !== MANAGEMENT_LABEL) return f.p95 <= GOAL[kind];
  const share = floor ? f.rps / floor.rps : 1;
  return f.p95 <= MANAGEMENT_GOAL[kind] && share >= MANAGEMENT_FLOOR_SHARE[kind];
}

// biome-ignore lint/suspicious/noExplicitAny: a script reads the answers loosely
type Json = any;

// ---------------------------------------------------------------------------------------------
// A small HTTP client: keep-alive, the organisation's Host header, JSON or multipart bodies.

const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
let requestCount = 0;

type Call = { token?: string | undefined; json?: unknown; form?: Record<string, string> };

async function api(base: URL, host: string, method: string, path: string, opts: Call = {}) {
  let body: Buffer | undefined;
  const headers: Record<string, string> = { host, accept: 'application/json' };
  if (opts.token) headers.authorization = `Token ${opts.token}`;
  if (opts.json !== undefined) {
    body = Buffer.from(JSON.stringify(opts.json));
    headers['content-type'] = 'application/json';
  } else if (opts.form) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(opts.form)) fd.append(k, v);
    const encoded = new Response(fd);
    body = Buffer.from(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
  }
  if (body) headers['content-length'] = String(body.length);
  requestCount += 1;
  return new Promise<{ status: number; body: Json }>((resolve, reject) => {
    const req = http.request(
      { hostname: base.hostname, port: base.port, path: `/api/v1${path}`, method, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          let parsed: Json = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {}
          if (status >= 300) reject(new Error(`${method} ${path}: ${status} ${text.slice(0, 300)}`));
          else resolve({ status, body: parsed });
        });
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The course, built through the API.

const STAGES = [
  { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 2500, max_writing_score: 60 } },
  {
    model: 'peerreview',
    stage_object: {
      peer_count: 3,
      max_review_score: 10,
      max_metacognition_score: 10,
      standards: [
        { question: '논지가 분명한가?', max_point: 6 },
        { question: '근거가 충분한가?', max_point: 6 },
      ],
    },
  },
  { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
  { model: 'revisement', stage_object: { max_revisement_score: 10 } },
];

/** How far each assignment goes: 4 = complete, 3 = feedback review, 2 = peer review, 1 = essay. */
const targetStep = (k: number) => (k < ASSIGNMENTS - 3 ? 4 : ASSIGNMENTS - k);

const essay = (i: number, k: number) => ({
  ops: [
    {
      insert: `${i}번 학습자의 ${k + 1}번째 에세이입니다. ${'글쓰기는 생각을 정리하는 일입니다. '.repeat(20)}\n`,
    },
  ],
});

type Learner = { i: number; email: string; token: string; enrollId: number };
type Built = {
  courseId: number;
  assignmentIds: number[];
  tokens: { staff: string; instructor: string };
  learners: Learner[];
  seconds: number;
  requests: number;
};

async function buildCourse(base: URL, host: string, tag: string): Promise<Built> {
  const t0 = performance.now();
  const before = requestCount;
  const call = (method: string, path: string, opts?: Call) => api(base, host, method, path, opts);
  const signIn = async (email: string) =>
    (await call('POST', '/users/sign-in/', { json: { email, password: BENCH_PASSWORD } })).body
      .token as string;

  // The staff member creates the instructor's account in the manager area.
  const staff = await signIn(`staff-${tag}@example.com`);
  const profEmail = `prof-${tag}@example.com`;
  const expire = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
  await call('POST', '/users/', {
    token: staff,
    json: {
      email: profEmail,
      name: '김교수',
      password: BENCH_PASSWORD,
      passwordCheck: BENCH_PASSWORD,
      role: 'I',
      expire_date: expire,
    },
  });
  const instructor = await signIn(profEmail);
  const courseId = (
    await call('POST', '/courses/', {
      token: instructor,
      form: { name: '글쓰기와 비평', description: '200명 강의' },
    })
  ).body.id as number;
  const courseCode = (await call('GET', `/courses/${courseId}/`, { token: instructor })).body.code as string;

  // Learners sign up, sign in and enrol with the course code (the last few after the start).
  const learners: Learner[] = [];
  const join = async (i: number) => {
    const email = `learner${i}-${tag}@example.com`;
    await call('POST', '/users/sign-up/', {
      json: {
        email,
        name: `학습자 ${String(i).padStart(3, '0')}`,
        password: BENCH_PASSWORD,
        attending_type: 'U',
        grade: 1 + (i % 4),
        address: '서울특별시 종로구 대학로 1',
        date_of_birth: '2006-03-01',
      },
    });
    const token = await signIn(email);
    await call('POST', '/enrolls/', {
      token,
      json: { code: `2026${String(i).padStart(4, '0')}`, course_code: courseCode },
    });
    learners[i] = { i, email, token, enrollId: 0 };
  };
  const early = Array.from({ length: LEARNERS - LATE }, (_, i) => i);
  await pool(early, CONCURRENCY, join);

  // Notices and posts.
  for (let n = 0; n < 12; n++) {
    await call('POST', `/courses/${courseId}/posts/`, {
      token: instructor,
      form: { title: `공지 ${n + 1}`, content: `${n + 1}주차 안내입니다.`, is_notice: String(n < 4) },
    });
  }
  const posts = Array.from({ length: 30 }, (_, n) => n);
  await pool(posts, CONCURRENCY, async (n) => {
    const author = learners[(n * 7) % early.length]!;
    const post = (
      await call('POST', `/courses/${courseId}/posts/`, {
        token: author.token,
        form: { title: `질문 ${n + 1}`, content: `${n + 1}번째 질문입니다.` },
      })
    ).body;
    for (let c = 0; c < 3; c++) {
      await call('POST', `/posts/${post.id}/comments/`, {
        token: learners[(n * 11 + c) % early.length]!.token,
        json: { content: `답글 ${c + 1}` },
      });
    }
  });

  // Ten assignments, started at once.
  const assignmentIds: number[] = [];
  for (let k = 0; k < ASSIGNMENTS; k++) {
    const created = await call('POST', `/courses/${courseId}/assignments/`, {
      token: instructor,
      form: {
        name: `과제 ${k + 1}`,
        description: `${k + 1}번째 과제 설명`,
        is_directly_starting: 'true',
        progresses: JSON.stringify(STAGES),
      },
    });
    assignmentIds.push(created.body.id as number);
  }
  const path = (k: number) => `/courses/${courseId}/assignments/${assignmentIds[k]}`;

  // Late learners enrol, ask to take part in the assignment at essay writing, and are approved.
  const late = Array.from({ length: LATE }, (_, n) => LEARNERS - LATE + n);
  await pool(late, CONCURRENCY, join);
  for (const i of late) {
    await call('POST', `${path(ASSIGNMENTS - 1)}/late-participation/`, { token: learners[i]!.token });
  }
  const roster = (await call('GET', `/courses/${courseId}/learners/`, { token: instructor })).body as {
    id: number;
    user: { email: string };
  }[];
  const byEmail = new Map(roster.map((r) => [r.user.email, r.id]));
  for (const l of learners) l.enrollId = byEmail.get(l.email) ?? 0;
  for (const i of late) {
    await call('PATCH', `${path(ASSIGNMENTS - 1)}/participations/${learners[i]!.enrollId}/approve/`, {
      token: instructor,
    });
  }

  const perfOf = async (token: string, k: number, model: string) => {
    const a = (await call('GET', `${path(k)}/`, { token })).body;
    return (a.progresses as { model: string; performance_id: number | null }[]).find((p) => p.model === model)
      ?.performance_id;
  };
  // Each learner × assignment is one task; a few learners skip a step, as in a real class.
  const tasks = (step: number) =>
    learners.flatMap((l) =>
      assignmentIds.flatMap((_, k) => (targetStep(k) >= step && l.i < LEARNERS - LATE ? [{ l, k }] : [])),
    );
  const move = async (step: number) => {
    for (const [k] of assignmentIds.entries()) {
      if (targetStep(k) > step) await call('PATCH', `${path(k)}/move-to-next-stage/`, { token: instructor });
    }
  };

  // Essays (5 % never write one); the late joiners write theirs too.
  const writers = [...tasks(1), ...late.map((i) => ({ l: learners[i]!, k: ASSIGNMENTS - 1 }))];
  await pool(writers, CONCURRENCY, async ({ l, k }) => {
    if ((l.i + k) % 20 === 7) return;
    const pid = await perfOf(l.token, k, 'essaywriting');
    await call('PATCH', `${path(k)}/performances/${pid}/`, {
      token: l.token,
      json: { stage_object: { content: essay(l.i, k) } },
    });
  });
  await move(1);

  // Peer reviews, the self-review last (4 % leave theirs unfinished).
  await pool(tasks(2), CONCURRENCY, async ({ l, k }) => {
    if ((l.i + 3 * k) % 25 === 4) return;
    const pid = await perfOf(l.token, k, 'peerreview');
    if (!pid) return;
    const work = (await call('GET', `${path(k)}/performances/${pid}/`, { token: l.token })).body;
    for (const target of work.stage_object.targets as { id: number }[]) {
      await call('PATCH', `${path(k)}/performances/peerreview-matching/${target.id}/`, {
        token: l.token,
        json: {
          responses: [
            { id: 0, point: 1 + ((l.i + target.id) % 6), comment: '논지가 분명합니다.' },
            { id: 1, point: 1 + ((l.i * 3 + target.id) % 6), comment: '근거를 더 보태면 좋겠습니다.' },
          ],
        },
      });
    }
  });
  await move(2);

  // Helpfulness ratings of the reviews received, and the revision (10 % do not revise).
  await pool(tasks(3), CONCURRENCY, async ({ l, k }) => {
    const a = (await call('GET', `${path(k)}/`, { token: l.token })).body;
    const ids = Object.fromEntries(
      (a.progresses as { model: string; performance_id: number | null }[]).map((p) => [
        p.model,
        p.performance_id,
      ]),
    );
    if (ids.feedbackreview) {
      const work = (await call('GET', `${path(k)}/performances/${ids.feedbackreview}/`, { token: l.token }))
        .body;
      for (const review of work.stage_object.targets as { id: number }[]) {
        await call('PATCH', `${path(k)}/performances/feedbackreview-matching/${review.id}/`, {
          token: l.token,
          json: { point: 1 + ((l.i + review.id) % 5), comment: '도움이 됐어요' },
        });
      }
    }
    if (ids.revisement && (l.i + k) % 10 !== 3) {
      await call('PATCH', `${path(k)}/performances/${ids.revisement}/`, {
        token: l.token,
        json: { stage_object: { content: essay(l.i, k + 100) } },
      });
    }
  });
  await move(3); // completion: the reports are computed

  // The instructor scores a few revisions and comments on a few reports; weights for the results.
  for (const k of assignmentIds.keys()) {
    if (targetStep(k) < 4) continue;
    const table = (await call('GET', `${path(k)}/scores/`, { token: instructor })).body;
    for (const report of (table.reports as { id: number }[]).slice(0, 3)) {
      await call('PATCH', `${path(k)}/reports/${report.id}/`, {
        token: instructor,
        json: { revisement_score: 8 },
      });
      await call('PATCH', `${path(k)}/reports/${report.id}/`, {
        token: instructor,
        json: { comment: { content: '논지가 분명해졌습니다.' } },
      });
    }
  }
  const weights = (await call('GET', `/courses/${courseId}/assignments/weights/`, { token: instructor }))
    .body as { id: number }[];
  await call('PATCH', `/courses/${courseId}/assignments/weights/`, {
    token: instructor,
    json: {
      weights: weights.map((w, n) => ({ id: w.id, weight: n === 0 ? 100 - 10 * (weights.length - 1) : 10 })),
    },
  });

  return {
    courseId,
    assignmentIds,
    tokens: { staff, instructor },
    learners,
    seconds: (performance.now() - t0) / 1000,
    requests: requestCount - before,
  };
}

// ---------------------------------------------------------------------------------------------
// The raw-SQL floors: the rows the heaviest lists need, in one hand-written query each.

const floors = {
  management: managementFloorQuery,
  results: (courseId: number) => sql`
    select e.id, u.name, u.email, e.code, e.is_active, r.assignment_id, r.id as report,
      r.score_total, r.score_essay_writing, r.score_peer_review, r.score_metacognition, r.score_feedback_review, r.score_revisement
    from enrollments e join users u on u.id = e.user_id
    left join reports r on r.enrollment_id = e.id
      and r.assignment_id in (select a.id from assignments a where a.course_id = ${courseId})
    where e.course_id = ${courseId} and not e.is_instructor_seat order by u.name, e.id`,
  scores: (assignmentId: number) => sql`
    select r.id, u.name, r.scores, r.revisement_score,
      (select json_agg(json_build_object('id', m.id, 'r', m.reviewer_id,
                 'p', (select json_agg(json_build_object('p', x.point, 'e', x.edited_point))
                         from peer_responses x where x.matching_id = m.id)))
         from peer_matchings m where m.assignment_id = ${assignmentId} and m.target_id = r.enrollment_id) as reviewers
    from reports r join enrollments e on e.id = r.enrollment_id join users u on u.id = e.user_id
    where r.assignment_id = ${assignmentId} order by e.code`,
  learners: (courseId: number) => sql`
    select e.id, e.code, e.is_active, e.is_assistant, u.id as user_id, u.name, u.email
    from enrollments e join users u on u.id = e.user_id
    where e.course_id = ${courseId} order by e.code`,
};

/** Runs `work` by 10 concurrent workers for the measuring time: throughput and p95. */
async function repeat(work: () => Promise<unknown>) {
  const until = performance.now() + SECONDS * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await work();
        times.push(performance.now() - t0);
      }
    }),
  );
  times.sort((x, y) => x - y);
  return { rps: times.length / SECONDS, p95: times[Math.floor(times.length * 0.95)] ?? 0 };
}

const floor = (database: Database, query: SQL) => repeat(() => database.db.execute(query));

/** The label suffix of a kept answer's row measured as built on every request (no goal). */
const BUILT = ' — built each time, not kept (no HTTP)';

// ---------------------------------------------------------------------------------------------
// One database: fresh, built, measured.

type Figure = { rps: number; p95: number; bytes: number };
type Row = {
  label: string;
  figures: Partial<Record<string, Figure>>;
  floor: Partial<Record<string, Figure>>;
};
const rows = new Map<string, Row>();
const builds: Record<string, string> = {};

function record(label: string, db: string, f: Figure, isFloor = false) {
  const row = rows.get(label) ?? { label, figures: {}, floor: {} };
  (isFloor ? row.floor : row.figures)[db] = f;
  rows.set(label, row);
}

async function freshDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await database.migrate();
    return { database, drop: async () => {}, reused: false };
  }
  // BENCH_REUSE names a database a run kept (BENCH_KEEP=1): measure again without building.
  const reuse = process.env.BENCH_REUSE;
  const made = reuse ? undefined : await freshPostgres(PG_URL, 'pw_bench_scale');
  const name = reuse ?? made!.name;
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  const drop = async () => {
    if (process.env.BENCH_KEEP || reuse) {
      console.error(`kept database ${name}`);
      return;
    }
    await made?.drop();
  };
  return { database, drop, reused: Boolean(reuse) };
}

/** The ids and tokens of a course built by an earlier run (BENCH_REUSE). */
async function findBuilt(base: URL, host: string, tag: string): Promise<Built> {
  const call = (method: string, path: string, opts?: Call) => api(base, host, method, path, opts);
  const signIn = async (email: string) =>
    (await call('POST', '/users/sign-in/', { json: { email, password: BENCH_PASSWORD } })).body
      .token as string;
  const staff = await signIn(`staff-${tag}@example.com`);
  const instructor = await signIn(`prof-${tag}@example.com`);
  const courseId = (await call('GET', '/courses/', { token: instructor })).body[0].id as number;
  const list = (await call('GET', `/courses/${courseId}/assignments/`, { token: instructor })).body as {
    id: number;
    name: string;
  }[];
  const assignmentIds = list
    .map((a) => ({ id: a.id, n: Number(a.name.replace(/\D/g, '')) }))
    .sort((x, y) => x.n - y.n)
    .map((a) => a.id);
  const roster = (await call('GET', `/courses/${courseId}/learners/`, { token: instructor })).body as {
    id: number;
    user: { email: string };
  }[];
  const learners: Learner[] = [];
  for (const i of [0, 1]) {
    const email = `learner${i}-${tag}@example.com`;
    const enrollId = roster.find((r) => r.user.email === email)?.id ?? 0;
    learners.push({ i, email, token: await signIn(email), enrollId });
  }
  return { courseId, assignmentIds, tokens: { staff, instructor }, learners, seconds: 0, requests: 0 };
}

async function runOn(kind: 'pglite' | 'postgres') {
  const { database, drop, reused } = await freshDatabase(kind);
  let tag = Date.now().toString(36);
  if (reused) {
    const [org] = await database.db.select().from(organisations).limit(1);
    tag = org!.subdomain!.slice(1);
  } else {
    // The organisation and its first staff member have no API (they come from `npm run org`).
    const [org] = await database.db
      .insert(organisations)
      .values({ name: `bench ${tag}`, subdomain: `s${tag}` })
      .returning();
    await database.db.insert(users).values({
      organisationId: org!.id,
      email: `staff-${tag}@example.com`,
      name: '관리자',
      passwordHash: await hashPassword(BENCH_PASSWORD),
      role: 'I',
      isStaff: true,
    });
  }
  const host = `s${tag}.peer.test`;

  const app = await benchApp(database);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = new URL(address);
  try {
    const built = reused ? await findBuilt(base, host, tag) : await buildCourse(base, host, tag);
    builds[kind] =
      `${built.requests} requests in ${built.seconds.toFixed(0)} s (${(built.requests / built.seconds).toFixed(0)}/s)`;
    // The project's PostgreSQL runs with autovacuum off; a production server's autovacuum would
    // have analysed the new rows by now. PGlite has no autovacuum: it is measured as it runs
    // (BENCH_ANALYZE=all analyses it too, none analyses neither).
    const analyze = process.env.BENCH_ANALYZE ?? 'postgres';
    if (analyze === 'all' || analyze === kind) await database.db.execute(sql`analyze`);
    console.error(`${kind}: course built through the API, ${builds[kind]}`);
    const { courseId, assignmentIds, tokens } = built;
    const c = `/api/v1/courses/${courseId}`;
    const a = (k: number) => `${c}/assignments/${assignmentIds[k]}`;
    const completed = 0;
    const feedback = ASSIGNMENTS - 3;
    const peer = ASSIGNMENTS - 2;
    const learner = built.learners[1]!;
    const learnerView = (
      await api(base, host, 'GET', `/courses/${courseId}/assignments/${assignmentIds[completed]}/`, {
        token: learner.token,
      })
    ).body;
    const reportId = learnerView.report_id as number;

    const routes: { label: string; path: string; token: string }[] = [
      { label: 'bare route `GET /health/`', path: '/api/v1/health/', token: tokens.instructor },
      {
        label: 'instructor: dashboard `/users/dashboard/`',
        path: '/api/v1/users/dashboard/',
        token: tokens.instructor,
      },
      {
        label: 'instructor: side menu `/users/course/`',
        path: '/api/v1/users/course/',
        token: tokens.instructor,
      },
      { label: 'instructor: course list `/courses/`', path: '/api/v1/courses/', token: tokens.instructor },
      { label: 'instructor: course `/courses/{id}/`', path: `${c}/`, token: tokens.instructor },
      {
        label: 'instructor: assignments `…/assignments/`',
        path: `${c}/assignments/`,
        token: tokens.instructor,
      },
      { label: 'instructor: learners `…/learners/`', path: `${c}/learners/`, token: tokens.instructor },
      { label: 'instructor: notice board `…/posts/`', path: `${c}/posts/`, token: tokens.instructor },
      {
        label: 'instructor: management table (feedback review)',
        path: `${a(feedback)}/management/`,
        token: tokens.instructor,
      },
      {
        label: 'instructor: matchings (peer review)',
        path: `${a(peer)}/matchings/`,
        token: tokens.instructor,
      },
      {
        label: 'instructor: score page (completed)',
        path: `${a(completed)}/scores/`,
        token: tokens.instructor,
      },
      { label: 'instructor: course results `…/results/`', path: `${c}/results/`, token: tokens.instructor },
      { label: 'instructor: weights', path: `${c}/assignments/weights/`, token: tokens.instructor },
      {
        label: 'instructor: a learner\u2019s personal score',
        path: `${c}/enrolls/${learner.enrollId}/personal-score/`,
        token: tokens.instructor,
      },
      {
        label: 'instructor: a learner\u2019s report',
        path: `${a(completed)}/reports/${reportId}/`,
        token: tokens.instructor,
      },
      {
        label: 'learner: dashboard `/users/dashboard/`',
        path: '/api/v1/users/dashboard/',
        token: learner.token,
      },
      { label: 'learner: side menu `/users/course/`', path: '/api/v1/users/course/', token: learner.token },
      { label: 'learner: assignments `…/assignments/`', path: `${c}/assignments/`, token: learner.token },
      { label: 'learner: notice board `…/posts/`', path: `${c}/posts/`, token: learner.token },
      { label: 'learner: own report', path: `${a(completed)}/reports/${reportId}/`, token: learner.token },
      {
        label: 'learner: my score `…/scores-by-learner/`',
        path: `${c}/scores-by-learner/`,
        token: learner.token,
      },
      { label: 'manager: users `/users/pages/`', path: '/api/v1/users/pages/?page=1', token: tokens.staff },
      {
        label: 'manager: courses `/courses/pages/`',
        path: '/api/v1/courses/pages/?page=1',
        token: tokens.staff,
      },
      {
        label: 'manager: assignments `/assignments/pages/`',
        path: '/api/v1/assignments/pages/?page=1&is_active=true',
        token: tokens.staff,
      },
    ];
    // The kept answers built on every request, as the first request after a change builds them:
    // the service's own build, 10 at once, without HTTP (beside the floor, for comparison).
    const shape = await loadAssignment(database.db, { assignmentId: assignmentIds[completed]! });
    const builtOf: Record<string, () => Promise<unknown>> = {
      'instructor: score page (completed)': async () =>
        JSON.stringify(await buildScoreTable(database.db, shape)),
      'instructor: course results `…/results/`': async () =>
        JSON.stringify(await buildCourseResults(database.db, courseId)),
    };
    const floorOf: Record<string, SQL> = {
      'instructor: learners `…/learners/`': floors.learners(courseId),
      'instructor: management table (feedback review)': floors.management(assignmentIds[feedback]!),
      'instructor: score page (completed)': floors.scores(assignmentIds[completed]!),
      'instructor: course results `…/results/`': floors.results(courseId),
    };

    const drive = async (path: string, token: string, seconds: number) => {
      const result = await autocannon({
        url: `${address}${path}`,
        headers: { host, authorization: `Token ${token}` },
        connections: 10,
        duration: seconds,
      });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${path}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
      return {
        rps: result.requests.average,
        p95: result.latency.p97_5 ?? result.latency.p99,
        bytes: result.throughput.total / Math.max(1, result.requests.total),
      };
    };
    const only = process.env.BENCH_ONLY; // measure only the routes whose label contains this
    for (const r of routes) {
      if (only && r !== routes[0] && !r.label.includes(only)) continue;
      await drive(r.path, r.token, 1); // warm-up
      record(r.label, kind, await drive(r.path, r.token, SECONDS));
      const q = floorOf[r.label];
      if (q) record(r.label, kind, { ...(await floor(database, q)), bytes: 0 }, true);
      const build = builtOf[r.label];
      if (build) record(`${r.label}${BUILT}`, kind, { ...(await repeat(build)), bytes: 0 });
      const f = rows.get(r.label)!.figures[kind]!;
      console.error(
        `  ${kind} ${r.label}: ${f.rps.toFixed(0)} rps, p95 ${f.p95} ms, ${f.bytes.toFixed(0)} B`,
      );
    }
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
}

for (const kind of DBS) await runOn(kind);
agent.destroy();

// ---------------------------------------------------------------------------------------------
// One table.

const NAMES = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;
const bareLabel = 'bare route `GET /health/`';
const header = ['endpoint', 'size KB'];
for (const kind of DBS)
  header.push(
    `${NAMES[kind]} rps / p95 ms`,
    `${NAMES[kind]} ÷ bare rps`,
    `${NAMES[kind]} floor rps / p95 ms`,
    `${NAMES[kind]} ÷ floor rps`,
  );
header.push('goal met');
console.log(
  `\n${LEARNERS} learners × ${ASSIGNMENTS} assignments, 10 connections, ${SECONDS} s per route (p95 is autocannon's p97.5)`,
);
for (const kind of DBS) console.log(`- ${NAMES[kind]}: built through the API with ${builds[kind]}`);
console.log(`\n| ${header.join(' | ')} |`);
console.log(
  `|---|${header
    .slice(1)
    .map(() => '---:')
    .join('|')}|`,
);
const fmt = (f: Figure | undefined) => (f ? `${f.rps.toFixed(0)} / ${f.p95.toFixed(0)}` : '–');
for (const row of rows.values()) {
  const cells = [row.label];
  const any = Object.values(row.figures)[0];
  cells.push(any ? (any.bytes / 1024).toFixed(1) : '–');
  const verdicts: string[] = [];
  for (const kind of DBS) {
    const f = row.figures[kind];
    const bare = rows.get(bareLabel)?.figures[kind];
    const fl = row.floor[kind];
    cells.push(
      fmt(f),
      f && bare ? (f.rps / bare.rps).toFixed(3) : '–',
      fmt(fl),
      f && fl ? (f.rps / fl.rps).toFixed(2) : '–',
    );
    if (f && row.label !== bareLabel && !row.label.endsWith(BUILT))
      verdicts.push(meetsGoal(row.label, kind, f, fl) ? 'yes' : `no (${NAMES[kind]})`);
  }
  cells.push(
    verdicts.length
      ? verdicts.every((v) => v === 'yes')
        ? 'yes'
        : verdicts.filter((v) => v !== 'yes').join(', ')
      : '',
  );
  console.log(`| ${cells.join(' | ')} |`);
}
