import { BurstConnection, cpuMs } from './burst-client';
import { startServer } from './fixtures';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 200);
const port = Number(process.env.BENCH_PORT ?? 8798);

const server = await startServer({ port, name: 'pw-bench-deadline', showOutput: true, patience: 900 });
const base = server.base;

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: res.status, json };
}

async function signIn(email: string, password: string) {
  const res = await call('POST', '/users/sign-in/', undefined, { email, password });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status}`);
  return res.json?.token as string;
}

/** Runs `task` over `items` with at most `limit` at once. */
async function pool<T, R>(items: T[], limit: number, task: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i] as T, i);
      }
    }),
  );
  return out;
}

// 1. The class: LEARNERS new accounts enrolled in the demo course.
console.log(`setting up ${LEARNERS} learners…`);
const tag = Date.now().toString(36);
const tokens = await pool(
  Array.from({ length: LEARNERS }, (_, i) => i),
  4,
  async (i) => {
    const email = `burst${i}-${tag}@example.com`;
    const up = await call('POST', '/users/sign-up/', undefined, {
      email,
      name: `학습자${i}`,
      password: 'demo1234',
      // The demo organisation collects private information.
      attending_type: 'U',
      grade: 2,
      address: '서울',
      date_of_birth: '2004-03-01',
    });
    if (up.status !== 201) throw new Error(`sign-up: ${up.status} ${JSON.stringify(up.json)}`);
    const token = await signIn(email, 'demo1234');
    const enrolled = await call('POST', '/enrolls/', token, { code: `B${i}`, course_code: 'DEMO24' });
    if (enrolled.status !== 201)
      throw new Error(`enrol: ${enrolled.status} ${JSON.stringify(enrolled.json)}`);
    return token;
  },
);

// 2. An assignment that starts at once (essay stage).
const prof = await signIn('prof@example.com', 'demo1234');
const form = new FormData();
form.append('name', `마감 폭주 ${tag}`);
form.append('description', '마감 직전 동시 저장');
form.append('is_directly_starting', 'true');
form.append(
  'progresses',
  JSON.stringify([
    { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 5000, max_writing_score: 70 } },
    {
      model: 'peerreview',
      stage_object: {
        peer_count: 3,
        max_review_score: 15,
        max_metacognition_score: 15,
        standards: [{ question: '논지', max_point: 6 }],
      },
    },
  ]),
);
const created = await call('POST', '/courses/1/assignments/', prof, form);
if (created.status !== 201) throw new Error(`assignment: ${created.status} ${JSON.stringify(created.json)}`);
const aid = created.json?.id as number;
const pids = await pool(tokens, 8, async (token) => {
  const a = await call('GET', `/courses/1/assignments/${aid}/`, token);
  return a.json?.performance_id as number;
});

const paragraph =
  '기술은 분명 글쓰기의 문턱을 낮추었다. 맞춤법 검사기와 자동 완성 기능 덕분에 사소한 실수에 덜 신경 쓰고 생각을 펼치는 데 집중할 수 있다. ';
const essayOf = (i: number) => `${i}번 학습자의 에세이. ${paragraph.repeat(12)}`; // ≈ 1,000 letters

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const timed = async (fn: () => Promise<{ status: number }>) => {
  const t0 = performance.now();
  const r = await fn();
  return { ms: performance.now() - t0, status: r.status };
};
function summary(name: string, rows: { ms: number; status: number }[]) {
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  return {
    name,
    ok: rows.filter((r) => r.status === 200).length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? 0,
  };
}

// Each learner's connection, opened before the clock starts (a learner's browser has its
// connection open); the bare route and the burst are measured over them.
const connections = await Promise.all(tokens.map(() => BurstConnection.open(base)));
const health = connections.map((c) => c.prepare('GET', '/api/v1/health/'));
for (let round = 0; round < 3; round++)
  await Promise.all(connections.map((c, i) => c.send(health[i] as Buffer)));
const bare = summary(
  'bare JSON (GET /health/)',
  await Promise.all(connections.map((c, i) => c.send(health[i] as Buffer))),
);

const savePath = (i: number) => `/api/v1/courses/1/assignments/${aid}/performances/${pids[i]}/`;
// What the browser's editor sends for a text-only save (`savePerformance` in
// apps/web/src/features/work/api/performance.ts): JSON, the Quill delta, its text and the version.
const saveBody = (i: number, version: number, suffix: string) => {
  const text = `${essayOf(i)}${suffix}\n`;
  return JSON.stringify({
    stage_object: { content: { ops: [{ insert: text }] }, plain_text: text, editor_type: 'Q' },
    version,
  });
};

/** Every acknowledged save is stored, whole. */
const storedWhole = (version: number, suffix: string) =>
  pool(tokens, 8, async (token, i) => {
    const p = await call('GET', `/courses/1/assignments/${aid}/performances/${pids[i]}/`, token);
    const so = p.json?.stage_object as { plain_text: string } | undefined;
    return (
      p.json?.is_completed === true &&
      p.json?.version === version &&
      so?.plain_text === `${essayOf(i)}${suffix}\n`
    );
  }).then((rows) => rows.filter(Boolean).length);

// 3. Every learner has opened their essay page (the work is read, as the editor does), then all
// save at the same moment, over the lean client.
const opened = await Promise.all(
  connections.map((c, i) => c.send(c.prepare('GET', savePath(i), { authorization: `Token ${tokens[i]}` }))),
);
if (opened.some((r) => r.status !== 200)) throw new Error('a learner could not open their work');
const requests = connections.map((c, i) =>
  c.prepare(
    'PATCH',
    savePath(i),
    { authorization: `Token ${tokens[i]}`, 'content-type': 'application/json' },
    saveBody(i, 0, ''),
  ),
);
// Quiet gaps around the burst, so that a CPU profile of the server shows it alone.
await new Promise((r) => setTimeout(r, 1500));
const cpuBefore = {
  server: cpuMs({ pid: server.process.pid ?? 0 }),
  serverSystem: cpuMs({ pid: server.process.pid ?? 0 }, 'system'),
  db: cpuMs({ name: 'postgres' }),
  client: process.cpuUsage(),
};
const burstStarted = performance.now();
const burst = summary(
  'essay save (PATCH performances/{id}/)',
  await Promise.all(connections.map((c, i) => c.send(requests[i] as Buffer))),
);
const burstWall = performance.now() - burstStarted;
const clientCpu = process.cpuUsage(cpuBefore.client);
const cpu = {
  server: cpuMs({ pid: server.process.pid ?? 0 }) - cpuBefore.server,
  serverSystem: cpuMs({ pid: server.process.pid ?? 0 }, 'system') - cpuBefore.serverSystem,
  db: cpuMs({ name: 'postgres' }) - cpuBefore.db,
  client: (clientCpu.user + clientCpu.system) / 1000,
};
await new Promise((r) => setTimeout(r, 1500));
const stored = await storedWhole(1, '');
for (const c of connections) c.close();

// 4. The same burst through fetch (a new connection and about a millisecond of the shared CPU
// per request in this process), for comparison with the figures before the lean client.
const fetchBurst = summary(
  'the same through fetch',
  await Promise.all(
    tokens.map((token, i) =>
      timed(() =>
        call('PATCH', savePath(i).slice('/api/v1'.length), token, JSON.parse(saveBody(i, 1, ' (2)'))),
      ),
    ),
  ),
);
const fetchStored = await storedWhole(2, ' (2)');
await server.stop();

const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const fmt = (n: number) => n.toFixed(0);
console.log(`\n${db}, ${LEARNERS} learners saving at once (Node ${process.version}):\n`);
console.log('| requests | acknowledged | p50 ms | p99 ms | max ms | p99 ratio to bare |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const row of [bare, burst, fetchBurst]) {
  console.log(
    `| ${row.name} | ${row.ok}/${LEARNERS} | ${fmt(row.p50)} | ${fmt(row.p99)} | ${fmt(row.max)} | ${(row.p99 / bare.p99).toFixed(1)} |`,
  );
}
console.log(
  `\nCPU during the burst (wall ${fmt(burstWall)} ms): server ${fmt(cpu.server)} ms (${fmt(cpu.serverSystem)} of it in the kernel), ${process.env.DATABASE_URL ? `PostgreSQL processes ${fmt(cpu.db)} ms` : 'PGlite (inside the server)'}, this client ${fmt(cpu.client)} ms`,
);
console.log(`stored and whole: ${stored}/${LEARNERS} (lean client), ${fetchStored}/${LEARNERS} (fetch)`);
if (burst.ok !== LEARNERS || stored !== LEARNERS || fetchBurst.ok !== LEARNERS || fetchStored !== LEARNERS) {
  console.error('some saves were not acknowledged or not stored');
  process.exit(1);
}
process.exit(0);
