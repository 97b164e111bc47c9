// The cluster test (issue 29): two PeerWrite server processes started at the same moment on one
// empty PostgreSQL database, sharing an S3-compatible bucket (s3rver) and an SMTP server,
// behind HAProxy with cluster/haproxy.cfg (the configuration docs/deploy.md describes). Every
// request goes through the balancer. Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
// npx vitest run --project cluster (a step of `npm test` when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../apps/server/test/s3';
import { startSmtpServer, textOf } from '../apps/server/test/smtp';
import { type Answer, Client, expectStatus } from './support/client';
import {
  freePort,
  freshDatabase,
  runFolder,
  ServerNode,
  sleep,
  startHaproxy,
  waitFor,
} from './support/cluster';
import {
  API,
  assignmentPath,
  createAssignment,
  createCourse,
  demoLearnerEmail,
  enrol,
  extraLearnerEmails,
  getAssignment,
  INSTRUCTOR,
  moveOn,
  type PerformanceView,
  pdf,
  performanceOf,
  pool,
  saveText,
  signIn,
} from './support/peerwrite';

const adminUrl = process.env.TEST_DATABASE_URL;
const LEARNERS = Number(process.env.CLUSTER_LEARNERS ?? 200);
const GRACE_MS = 4000;
const SUPPORT_EMAIL = 'help@cluster.test';
const BASE_DOMAIN = 'cluster.test';

type Database = Awaited<ReturnType<typeof freshDatabase>>;
type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
type Balancer = Awaited<ReturnType<typeof startHaproxy>>;

const started = Date.now();
const folder = runFolder();
let db: Database | undefined;
let s3: S3TestServer | undefined;
let smtp: Smtp | undefined;
let balancer: Balancer | undefined;
let nodes: ServerNode[] = [];
let client: Client;
let instructor: string;
let failed = false;
const summary: Record<string, string | number> = {};
const timings: Record<string, number> = {};

/** Times a part of the run for the summary. */
async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  try {
    return await fn();
  } finally {
    timings[name] = Date.now() - t0;
  }
}

const node = (name: string) => {
  const found = nodes.find((n) => n.name === name);
  if (!found) throw new Error(`no node ${name}`);
  return found;
};

beforeAll(async () => {
  if (!adminUrl)
    throw new Error(
      'the cluster test needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
  failed = true; // until the cluster is up
  await timed('start', async () => {
    db = await freshDatabase(adminUrl);
    s3 = await startS3Server('peerwrite-cluster');
    smtp = await startSmtpServer();
    const env = {
      DATABASE_URL: db.url,
      DEMO_DATA: 'on',
      TRUST_PROXY: '1',
      BASE_DOMAIN,
      PUBLIC_URL: `http://${BASE_DOMAIN}`,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      MAIL_FROM: 'PeerWrite <no-reply@cluster.test>',
      SCHEDULER_INTERVAL_MS: '1000',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      LOG_LEVEL: 'info',
      ...s3.env,
    };
    nodes = [
      new ServerNode('node1', await freePort(), env, folder.dir),
      new ServerNode('node2', await freePort(), env, folder.dir),
    ];
    // Both at the same moment, on the empty database: one migrates and seeds, the other waits.
    for (const n of nodes) n.start();
    await Promise.all(nodes.map((n) => n.ready()));
    balancer = await startHaproxy({ dir: folder.dir, nodes });
    await Promise.all(nodes.map((n) => balancer!.waitStatus(n.name, 'UP')));
    // Support inquiries are mailed to the organisation's support address.
    await db.query('update organisations set support_email = $1 where is_default', [SUPPORT_EMAIL]);
    client = new Client('127.0.0.1', balancer.port);
  });
  failed = false;
}, 120_000);

afterAll(async () => {
  summary.requests = client?.requests ?? 0;
  summary['retried after a connection error or 502/503'] = client?.retried ?? 0;
  summary['answers per node'] = [...(client?.served ?? new Map()).entries()]
    .map(([n, c]) => `${n} ${c}`)
    .join(', ');
  for (const [k, ms] of Object.entries(timings)) summary[`time: ${k}`] = `${(ms / 1000).toFixed(1)} s`;
  summary['time: total'] = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  client?.close();
  for (const n of nodes) await n.stop().catch(() => {});
  await balancer?.stop().catch(() => {});
  await smtp?.close().catch(() => {});
  await s3?.close().catch(() => {});
  await db?.drop().catch((error: unknown) => console.error(`could not drop ${db?.name}: ${String(error)}`));
  console.log(
    `\ncluster test summary\n${Object.entries(summary)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join('\n')}`,
  );
  if (failed) console.log(`logs kept in ${folder.dir}`);
  else folder.remove();
}, 60_000);

/** Marks the run failed (logs kept) when `fn` throws. */
function step(name: string, fn: () => Promise<void>, timeoutMs: number) {
  it(name, async () => {
    try {
      await fn();
    } catch (error) {
      failed = true;
      throw error;
    }
  }, timeoutMs);
}

describe('two nodes behind HAProxy, one PostgreSQL, one bucket, one SMTP server', () => {
  step(
    'both nodes started together on the empty database: the migrations ran once, the demo data was written once',
    async () => {
      const journal = await db!.query<{ n: string; distinct: string }>(
        'select count(*) as n, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
      );
      expect(Number(journal[0]?.n)).toBeGreaterThan(0);
      expect(journal[0]?.n).toBe(journal[0]?.distinct);
      const orgs = await db!.query<{ n: string }>('select count(*) as n from organisations');
      expect(Number(orgs[0]?.n)).toBe(1);
      const profs = await db!.query<{ n: string }>('select count(*) as n from users where email = $1', [
        INSTRUCTOR,
      ]);
      expect(Number(profs[0]?.n)).toBe(1);
      // Each node logged its start; only one wrote the demo data.
      const seeded = nodes.filter((n) => n.logLines().some((l) => l.msg === 'demo data created (password demo1234)'));
      expect(seeded).toHaveLength(1);
    },
    30_000,
  );

  step(
    'the balancer alternates the nodes and passes Host and X-Forwarded-For',
    async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 6; i++) answers.push(await client.request('GET', '/health/ready'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const order = answers.map((a) => a.node);
      expect(new Set(order)).toEqual(new Set(['node1', 'node2']));
      for (let i = 1; i < order.length; i++) expect(order[i], `answer ${i} came from the same node`).not.toBe(order[i - 1]);

      // An organisation selected by its subdomain: the Host header reaches the node as sent.
      await db!.query(`insert into organisations (name, subdomain) values ('Acme College', 'acme')`);
      const probe = `/api/v1/users/configuration/?probe=${Date.now()}`;
      const viaAcme = await client.request('GET', probe, {
        headers: { host: `acme.${BASE_DOMAIN}` },
        localAddress: '127.0.0.2',
      });
      expectStatus(viaAcme, 200, 'configuration at acme');
      expect(viaAcme.json()).toMatchObject({ name: 'Acme College' });
      // The node saw the client's address (from X-Forwarded-For, trusted one hop) and the Host.
      const served = node(viaAcme.node ?? '');
      const logged = await waitFor('the node did not log the request', 5000, () =>
        served.logLines().find((l) => (l.req as { url?: string } | undefined)?.url === probe),
      );
      expect(logged.req).toMatchObject({ host: `acme.${BASE_DOMAIN}`, remoteAddress: '127.0.0.2' });
    },
    30_000,
  );

  // --- a. A whole assignment cycle ------------------------------------------------------------
  let cycle: { courseId: number; assignmentId: number; learners: string[]; essayFile: { file: string; size: number } };

  step(
    'a. a whole assignment cycle: course, assignment, essays with a pdf, questions, peer review, feedback, revision, completion, report, exports',
    () =>
      timed('a. assignment cycle', async () => {
        instructor = await signIn(client, INSTRUCTOR);
        const course = await createCourse(client, instructor, `Cluster course ${Date.now()}`);
        const emails = [3, 4, 5, 6].map(demoLearnerEmail);
        const learners = await Promise.all(emails.map((e) => signIn(client, e)));
        for (const [i, token] of learners.entries()) await enrol(client, token, course.code, `A${i + 1}`);

        const assignmentId = await createAssignment(
          client,
          instructor,
          course.id,
          { name: 'Cluster cycle', description: 'Every stage, through the balancer', is_directly_starting: 'true' },
          [
            { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 2000, max_writing_score: 60 } },
            { model: 'questionwriting', stage_object: { quizs: [{ quiz: 'What is your claim?' }] } },
            {
              model: 'peerreview',
              stage_object: {
                peer_count: 2,
                max_review_score: 10,
                max_metacognition_score: 10,
                standards: [{ question: 'Argument', max_point: 6 }],
              },
            },
            { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
            { model: 'revisement', stage_object: { max_revisement_score: 10 } },
          ],
          [{ blob: pdf('assignment brief'), name: 'brief.pdf' }],
        );
        const base = assignmentPath(course.id, assignmentId);
        const perf = (token: string, id: number) =>
          client.request('GET', `${base}/performances/${id}/`, { token }).then((r) => {
            expectStatus(r, 200, 'reading a performance');
            return r.json<PerformanceView>();
          });

        // Essays with a pdf attached (multipart), and the question answered.
        let essayFile: { file: string; size: number } | undefined;
        for (const [i, token] of learners.entries()) {
          const view = await getAssignment(client, token, course.id, assignmentId);
          const form = new FormData();
          form.append(
            'stage_object',
            JSON.stringify({ content: { ops: [{ insert: `Essay of learner ${i + 1}.\n` }] }, editor_type: 'Q' }),
          );
          form.append('version', '0');
          form.append('files', pdf(`essay ${i + 1}`, 4096), `essay-${i + 1}.pdf`);
          const saved = expectStatus(
            await client.request('PATCH', `${base}/performances/${performanceOf(view, 'essaywriting')}/`, {
              token,
              form,
            }),
            200,
            'an essay with a pdf',
          );
          const files = saved.json<PerformanceView>().stage_object.files;
          expect(files.map((f) => f.name)).toEqual([`essay-${i + 1}.pdf`]);
          essayFile ??= files[0];
          expectStatus(
            await client.request('PATCH', `${base}/performances/${performanceOf(view, 'questionwriting')}/`, {
              token,
              json: { stage_object: { responses: [{ id: 0, response: `Claim ${i + 1}` }] } },
            }),
            200,
            'answering the question',
          );
        }
        if (!essayFile) throw new Error('no essay file');
        cycle = { courseId: course.id, assignmentId, learners, essayFile };

        // Peer review: the peers first, the self-review last.
        await moveOn(client, instructor, course.id, assignmentId);
        for (const [i, token] of learners.entries()) {
          const view = await getAssignment(client, token, course.id, assignmentId);
          const work = await perf(token, performanceOf(view, 'peerreview'));
          const targets = [...(work.stage_object.targets ?? [])].sort(
            (a, b) => Number(a.is_self_review) - Number(b.is_self_review),
          );
          expect(targets).toHaveLength(3);
          for (const target of targets)
            expectStatus(
              await client.request('PATCH', `${base}/performances/peerreview-matching/${target.id}/`, {
                token,
                json: { responses: [{ id: 0, point: 2 + i, comment: 'Clear argument' }] },
              }),
              200,
              'a peer review',
            );
        }

        // Feedback on the reviews received, and the revision.
        await moveOn(client, instructor, course.id, assignmentId);
        for (const [i, token] of learners.entries()) {
          const view = await getAssignment(client, token, course.id, assignmentId);
          const work = await perf(token, performanceOf(view, 'feedbackreview'));
          expect(work.stage_object.targets?.length).toBeGreaterThan(0);
          for (const review of work.stage_object.targets ?? [])
            expectStatus(
              await client.request('PATCH', `${base}/performances/feedbackreview-matching/${review.id}/`, {
                token,
                json: { point: 4, comment: 'Helpful' },
              }),
              200,
              'a feedback rating',
            );
          const revision = await perf(token, performanceOf(view, 'revisement'));
          expectStatus(
            await saveText(client, token, `${base}/performances/${revision.id}/`, `Revised essay ${i + 1}.`, revision.version, {
              retrospective: 'I sharpened the claim.',
            }),
            200,
            'the revision',
          );
        }

        // Completion: one report per learner, read by its learner; the score page, the workbook, the zip.
        await moveOn(client, instructor, course.id, assignmentId);
        for (const [i, token] of learners.entries()) {
          const view = await getAssignment(client, token, course.id, assignmentId);
          expect(view.status).toBe(2);
          expect(view.report_id).toBeTypeOf('number');
          const report = expectStatus(
            await client.request('GET', `${base}/reports/${view.report_id}/`, { token }),
            200,
            'a learner reading their report',
          ).json<{ completed: boolean; is_my_report: boolean; total: number }>();
          expect(report, `learner ${i + 1}'s report`).toMatchObject({ completed: true, is_my_report: true });
        }
        const scores = expectStatus(
          await client.request('GET', `${base}/scores/`, { token: instructor }),
          200,
          'the score page',
        ).json<{ completed: boolean; reports: unknown[] }>();
        expect(scores.completed).toBe(true);
        expect(scores.reports).toHaveLength(4);
        const workbook = expectStatus(
          await client.request('GET', `${base}/stages-of-learners/`, { token: instructor }),
          200,
          'the xlsx export',
        );
        expect(workbook.headers['content-type']).toContain('spreadsheetml');
        expect(workbook.body.subarray(0, 2).toString('latin1')).toBe('PK');
        const zip = expectStatus(
          await client.request('GET', `${base}/attachments/`, { token: instructor }),
          200,
          'the attachments zip',
        );
        expect(zip.headers['content-type']).toContain('zip');
        expect(zip.body.subarray(0, 2).toString('latin1')).toBe('PK');
        // Every learner's pdf and the brief are in it (zip entry names are stored uncompressed).
        const names = zip.body.toString('latin1');
        for (const name of ['brief.pdf', 'essay-1.pdf', 'essay-2.pdf', 'essay-3.pdf', 'essay-4.pdf'])
          expect(names, `${name} in the zip`).toContain(name);
        summary['a. cycle'] = `4 learners, report ${scores.reports.length}, xlsx ${workbook.body.length} B, zip ${zip.body.length} B`;
      }),
    120_000,
  );

  step(
    'b. a file uploaded through one node is read through the other (the bucket is shared), also a 20 MB one',
    () =>
      timed('b. files across nodes', async () => {
        const { courseId } = cycle;
        // A 20 MB pdf (the upload limit), as a notice's attachment, through the balancer.
        const size = 20 * 1024 * 1024;
        const form = new FormData();
        form.append('title', 'Large handout');
        form.append('content', 'Twenty megabytes');
        form.append('files', pdf('large handout', size), 'handout.pdf');
        const posted = await client.request('POST', `${API}/courses/${courseId}/posts/`, { token: instructor, form });
        expectStatus(posted, 201, 'a notice with a 20 MB pdf');
        const postId = posted.json<{ id: number }>().id;
        const post = expectStatus(
          await client.request('GET', `${API}/courses/${courseId}/posts/${postId}/`, { token: instructor }),
          200,
          'the notice',
        ).json<{ files: { file: string; size: number }[] }>();
        expect(post.files[0]?.size).toBe(size);
        const uploadedBy = posted.node;
        // Read it (and the essay's pdf from part a) until the other node has served each once.
        for (const file of [post.files[0]!, cycle.essayFile]) {
          const url = new URL(file.file, 'http://x').pathname + new URL(file.file, 'http://x').search;
          const readers = new Set<string>();
          for (let i = 0; i < 4 && readers.size < 2; i++) {
            const res = expectStatus(await client.request('GET', url), 200, `reading ${url}`);
            expect(res.body.length).toBe(file.size);
            expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
            readers.add(res.node ?? '');
          }
          expect(readers).toEqual(new Set(['node1', 'node2']));
        }
        summary['b. 20 MB file'] = `uploaded through ${uploadedBy}, read through both`;
      }),
    120_000,
  );
});
