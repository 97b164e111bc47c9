// The cluster test (issue 29): two PeerWrite server processes started at the same moment on one
// empty PostgreSQL database, sharing an S3-compatible bucket (s3rver) and an SMTP server,
// behind HAProxy with cluster/haproxy.cfg (the configuration docs/deploy.md describes). Every
// request goes through the balancer. Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
// npx vitest run --project cluster (a step of `npm test` when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../apps/server/test/s3';
import { startSmtpServer, textOf } from '../apps/server/test/smtp';
import { type Answer, Client, codeOf, expectStatus } from './support/client';
import {
  bundleServer,
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
    bundleServer();
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
  it(
    name,
    async () => {
      try {
        await fn();
      } catch (error) {
        failed = true;
        throw error;
      }
    },
    timeoutMs,
  );
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
      const seeded = nodes.filter((n) =>
        n.logLines().some((l) => l.msg === 'demo data created (password demo1234)'),
      );
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
      for (let i = 1; i < order.length; i++)
        expect(order[i], `answer ${i} came from the same node`).not.toBe(order[i - 1]);

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
  let cycle: {
    courseId: number;
    assignmentId: number;
    learners: string[];
    essayFile: { file: string; size: number };
  };

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
          {
            name: 'Cluster cycle',
            description: 'Every stage, through the balancer',
            is_directly_starting: 'true',
          },
          [
            {
              model: 'essaywriting',
              stage_object: { limit_type: 'L', max_length: 2000, max_writing_score: 60 },
            },
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
            JSON.stringify({
              content: { ops: [{ insert: `Essay of learner ${i + 1}.\n` }] },
              editor_type: 'Q',
            }),
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
            await saveText(
              client,
              token,
              `${base}/performances/${revision.id}/`,
              `Revised essay ${i + 1}.`,
              revision.version,
              {
                retrospective: 'I sharpened the claim.',
              },
            ),
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
        summary['a. cycle'] =
          `4 learners, report ${scores.reports.length}, xlsx ${workbook.body.length} B, zip ${zip.body.length} B`;
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
        const posted = await client.request('POST', `${API}/courses/${courseId}/posts/`, {
          token: instructor,
          form,
        });
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

  // --- c. A node killed -9 in the middle of a 200-learner essay burst ---------------------------
  type Learner = {
    email: string;
    token: string;
    pid: number;
    /** The highest version whose save was answered 2xx (-1: none). */
    acked: number;
    /** How the learner's loop ended: the refusal's code, or a failure. */
    end?: string;
  };
  let burst: {
    courseId: number;
    assignmentId: number;
    learners: Learner[];
    essayEnd: number;
    peerEnd: number;
  };
  const essayText = (i: number, version: number) =>
    `Essay of learner ${i + 1}, version ${version}. ${'A sentence that argues a point. '.repeat(6)}`.trim();

  step(
    `c. node2 is killed -9 in the middle of a ${LEARNERS}-learner essay burst and started again: every acknowledged save is stored, each mail is sent once`,
    () =>
      timed('c. burst with kill -9', async () => {
        // The class: the demo's extra learners, signed in and enrolled through the balancer.
        const course = await createCourse(client, instructor, `Burst course ${Date.now()}`);
        const emails = extraLearnerEmails(LEARNERS);
        const tokens = await pool(emails, 12, (email) => signIn(client, email));
        await pool(tokens, 12, (token, i) => enrol(client, token, course.code, `B${i + 1}`));

        // An auto-scheduled assignment started now: the essay ends at second 59 of a minute at
        // least 10 s ahead (the schedule's grain is the minute), peer review runs the next minute.
        const minute = 60_000;
        let essayEnd = Math.floor(Date.now() / minute) * minute + 59_000;
        while (essayEnd - Date.now() < 10_000) essayEnd += minute;
        const peerEnd = essayEnd + minute;
        const assignmentId = await createAssignment(
          client,
          instructor,
          course.id,
          {
            name: 'Deadline burst',
            description: 'Saved by everyone at once',
            is_auto_schedule: 'true',
            is_directly_starting: 'true',
          },
          [
            {
              model: 'essaywriting',
              end_date: new Date(essayEnd).toISOString(),
              stage_object: { limit_type: 'L', max_length: 5000, max_writing_score: 70 },
            },
            {
              model: 'peerreview',
              start_date: new Date(essayEnd + 1000).toISOString(),
              end_date: new Date(peerEnd).toISOString(),
              stage_object: {
                peer_count: 3,
                max_review_score: 15,
                max_metacognition_score: 15,
                standards: [{ question: 'Argument', max_point: 6 }],
              },
            },
          ],
        );
        const learners: Learner[] = await pool(tokens, 16, async (token, i) => ({
          email: emails[i]!,
          token,
          pid: performanceOf(await getAssignment(client, token, course.id, assignmentId), 'essaywriting'),
          acked: -1,
        }));
        burst = { courseId: course.id, assignmentId, learners, essayEnd, peerEnd };
        const base = assignmentPath(course.id, assignmentId);

        // The burst starts 8 s before the essay's end; node2 dies 3 s later, at a moment when no
        // mail job is running if one comes within 3 s (else with one running: see below).
        const burstAt = essayEnd - 8000;
        const killAt = essayEnd - 5000;
        if (Date.now() > burstAt - 100)
          throw new Error(
            `setting up the class took too long: the burst was due ${burstAt - Date.now()} ms ago`,
          );
        await sleep(burstAt - Date.now());
        const t0 = Date.now();
        const saves = { attempted: 0, acked: 0, stale: 0 };

        // Each learner saves again and again (the editor's autosave), until the essay closes.
        const write = async (learner: Learner, i: number) => {
          let version = 0;
          for (let n = 0; n < 60; n++) {
            let res: Answer;
            try {
              saves.attempted += 1;
              res = await saveText(
                client,
                learner.token,
                `${base}/performances/${learner.pid}/`,
                essayText(i, version),
                version,
              );
            } catch (error) {
              learner.end = `failed: ${String(error)}`;
              return;
            }
            if (res.status === 200) {
              saves.acked += 1;
              learner.acked = version;
              version = res.json<PerformanceView>().version;
            } else if (res.status === 409) {
              // A save whose answer was lost (its node died) was stored: carry on from it.
              saves.stale += 1;
              version = res.json<{ current: PerformanceView }>().current.version;
            } else {
              learner.end = `${res.status} ${codeOf(res)}`;
              return;
            }
          }
          learner.end = 'kept saving';
        };

        // Mail while the burst runs: password resets (the server-rendered form) and inquiries.
        const resetEmails = emails.slice(0, 30);
        const inquiryTag = `burst inquiry ${Date.now().toString(36)}`;
        const mailAnswers: number[] = [];
        const mail = async () => {
          const csrf = `cluster${'x'.repeat(32)}`;
          await sleep(200);
          await Promise.all([
            ...resetEmails.map(async (email, k) => {
              await sleep(k * 30);
              const res = await client.request('POST', '/accounts/password_reset/', {
                urlencoded: { csrfmiddlewaretoken: csrf, email },
                headers: { cookie: `pw_csrf=${csrf}` },
              });
              mailAnswers.push(res.status);
            }),
            ...tokens.slice(30, 50).map(async (token, k) => {
              await sleep(k * 40);
              const res = await client.request('POST', `${API}/supports/`, {
                token,
                json: { content: `${inquiryTag} #${k}` },
              });
              mailAnswers.push(res.status);
            }),
          ]);
        };

        // kill -9, at a moment when no mail is being handed to the SMTP server (a job running on
        // a node that dies waits for its expiry, 5 minutes, before another node retries it).
        let killedAt = 0;
        let killTime = new Date();
        let mailRunningAtKill = false;
        const kill = async () => {
          await sleep(killAt - Date.now());
          const activeMail = async () =>
            (
              await db!.query<{ n: number }>(
                `select count(*)::int as n from pgboss.job where name in ('mail', 'password-reset-mail') and state = 'active'`,
              )
            )[0]?.n;
          await waitFor(
            'mail jobs kept running',
            3000,
            async () => ((await activeMail()) === 0 ? true : undefined),
            10,
          ).catch(() => {
            mailRunningAtKill = true;
          });
          killedAt = Date.now() - t0;
          killTime = (await db!.query<{ at: Date }>('select clock_timestamp() as at'))[0]!.at;
          await node('node2').kill9();
          // Started again at once: it comes back while the burst goes on.
          node('node2').start();
        };

        await Promise.all([pool(learners, learners.length, write), mail(), kill()]);
        const burstMs = Date.now() - t0;
        await node('node2').ready();
        await balancer!.waitStatus('node2', 'UP');

        // Every learner got through (retries allowed) and stopped because the essay closed.
        const ends = new Map<string, number>();
        for (const l of learners) ends.set(l.end ?? '?', (ends.get(l.end ?? '?') ?? 0) + 1);
        expect([...ends.keys()], `how the learners' saving ended: ${JSON.stringify([...ends])}`).toEqual([
          '406 essay_not_open',
        ]);
        expect(mailAnswers.filter((s) => s !== 303 && s !== 201)).toEqual([]);

        // Every acknowledged save is stored: the stored version is at least the acknowledged one's,
        // and its text is the text sent with the version before it.
        const readBack = await pool(learners, 16, async (l, i) => {
          const res = expectStatus(
            await client.request('GET', `${base}/performances/${l.pid}/`, { token: l.token }),
            200,
            'reading an essay back',
          );
          const work = res.json<PerformanceView>();
          const ok =
            work.version >= l.acked + 1 &&
            (work.version === 0 || work.stage_object.plain_text.trim() === essayText(i, work.version - 1));
          return ok
            ? undefined
            : `${l.email}: acknowledged v${l.acked}, stored v${work.version} "${work.stage_object.plain_text.slice(0, 40)}"`;
        });
        const lost = readBack.filter(Boolean);
        expect(lost, 'acknowledged saves not stored').toEqual([]);
        expect(
          learners.every((l) => l.acked >= 0),
          'every learner had a save acknowledged',
        ).toBe(true);

        // Each mail once: one reset row and one message per address; one message per stored inquiry.
        const resetRows = await db!.query<{ email: string; n: number }>(
          `select u.email, count(*)::int as n from password_reset_tokens t join users u on u.id = t.user_id
            where u.email = any($1) group by u.email`,
          [resetEmails],
        );
        expect(resetRows.map((r) => r.n)).toEqual(resetEmails.map(() => 1));
        const inquiries = await db!.query<{ content: string }>(
          'select content from support_inquiries where content like $1',
          [`${inquiryTag}%`],
        );
        expect(inquiries.length).toBeGreaterThanOrEqual(20);
        // A mail job that node2 was running when it died stays active until it expires (5 min),
        // then another node sends it: those are known from the queue, and are the only ones that
        // may be missing now.
        const stuck = await db!.query<{ name: string; data: { tokenId?: number; text?: string } }>(
          `select name, data from pgboss.job
            where name in ('mail', 'password-reset-mail') and state = 'active' and started_on <= $1`,
          [killTime],
        );
        const stuckResets = (
          await db!.query<{ email: string }>(
            'select u.email from password_reset_tokens t join users u on u.id = t.user_id where t.id = any($1)',
            [stuck.flatMap((j) => (j.data.tokenId ? [j.data.tokenId] : []))],
          )
        ).map((r) => r.email);
        const inquiryNumber = (text: string) => text.match(new RegExp(`${inquiryTag} (#\\d+)`))?.[1] ?? '?';
        const stuckInquiries = stuck.flatMap((j) =>
          j.data.text?.includes(inquiryTag) ? [inquiryNumber(j.data.text)] : [],
        );
        const expectedInquiries = inquiries.map((r) => inquiryNumber(r.content)).sort();
        const inbox = smtp!.inbox;
        // Reset mails only: these learners are also mailed notifications (stage openings, reminders).
        const resetsSent = () =>
          inbox
            .filter((m) => textOf(m.raw).includes('/accounts/reset/'))
            .flatMap((m) => m.to.filter((to) => resetEmails.includes(to)));
        const inquiriesSent = () =>
          inbox
            .filter((m) => m.to.includes(SUPPORT_EMAIL) && textOf(m.raw).includes(inquiryTag))
            .map((m) => inquiryNumber(textOf(m.raw)));
        const covered = (sent: string[], pending: string[], expected: string[]) =>
          expected.every((e) => sent.includes(e) || pending.includes(e));
        await waitFor(
          `mails missing: ${resetEmails.length} resets and ${inquiries.length} inquiries expected`,
          // The burst's stage openings and reminders mail its 200 learners through the same server.
          90_000,
          () =>
            covered(resetsSent(), stuckResets, resetEmails) &&
            covered(inquiriesSent(), stuckInquiries, expectedInquiries)
              ? true
              : undefined,
          200,
        );
        await sleep(2000); // anything sent twice would arrive by now
        // Sent once each (no address, no inquiry twice), and every one sent but those held by the dead node.
        expect(resetsSent().sort()).toEqual([...new Set(resetsSent())].sort());
        // A retried inquiry (its node died after storing it, before answering) is two stored rows
        // with the same text, each mailed once: count the messages per text against the rows.
        const count = (tags: string[]) => {
          const n = new Map<string, number>();
          for (const tag of tags) n.set(tag, (n.get(tag) ?? 0) + 1);
          return n;
        };
        const rowsPerTag = count(expectedInquiries);
        const mailedTooOften = [...count(inquiriesSent())].filter(
          ([tag, n]) => n > (rowsPerTag.get(tag) ?? 0),
        );
        expect(mailedTooOften, 'inquiries mailed more often than stored').toEqual([]);
        expect([...new Set([...resetsSent(), ...stuckResets])].sort()).toEqual([...resetEmails].sort());
        const sentOrHeld = count([...inquiriesSent(), ...stuckInquiries]);
        const notMailed = [...rowsPerTag].filter(([tag, n]) => (sentOrHeld.get(tag) ?? 0) < n);
        expect(notMailed, 'stored inquiries not mailed').toEqual([]);
        expect(
          [...sentOrHeld.keys()].filter((tag) => !rowsPerTag.has(tag)),
          'mailed, not stored',
        ).toEqual([]);
        const held = stuckResets.length + stuckInquiries.length;

        const stored = readBack.length - lost.length;
        summary['c. burst'] =
          `${learners.length} learners, ${saves.attempted} saves sent, ${saves.acked} acknowledged, ${saves.stale} stale after a lost answer; ` +
          `${stored}/${learners.length} essays stored as acknowledged; burst ${(burstMs / 1000).toFixed(1)} s, node2 killed at ${(killedAt / 1000).toFixed(1)} s`;
        summary['c. mail'] =
          `${resetEmails.length} reset mails and ${inquiries.length} inquiry mails, none received twice, ` +
          (held
            ? `${held} held by node2's dead worker until their job expires (5 min), the others received`
            : 'all received') +
          (mailRunningAtKill ? '; a mail job was running at the kill' : '');
      }),
    200_000,
  );

  // --- d. SIGTERM: out of the rotation before the node stops taking requests ------------------
  step(
    'd. SIGTERM: /health/ready is 503 at once, HAProxy takes the node out while it still serves, requests keep succeeding through the other',
    () =>
      timed('d. graceful stop', async () => {
        const n1 = node('node1');
        const flow: { at: number; status: number; node: string | undefined; attempts: number }[] = [];
        let flowing = true;
        const t0 = Date.now();
        const traffic = Promise.all(
          [0, 1, 2].map(async () => {
            while (flowing) {
              const res = await client.request('GET', `${API}/users/login-check/`, {
                token: instructor,
                retries: 0,
              });
              flow.push({ at: Date.now() - t0, status: res.status, node: res.node, attempts: res.attempts });
              await sleep(20);
            }
          }),
        );
        await sleep(500);
        const exited = n1.terminate();
        const termAt = Date.now() - t0;
        // The node itself: not ready (draining) at once, yet alive and serving.
        const ready = await waitFor(
          'node1 did not report draining',
          2000,
          async () => {
            const res = await fetch(`http://${n1.address}/health/ready`);
            return res.status === 503 ? ((await res.json()) as { status: string }) : undefined;
          },
          20,
        );
        expect(ready.status).toBe('draining');
        expect((await fetch(`http://${n1.address}/health/live`)).status).toBe(200);
        await balancer!.waitStatus('node1', 'DOWN', GRACE_MS);
        const downAt = Date.now() - t0;
        expect(n1.running, 'node1 was still running when HAProxy took it out').toBe(true);
        const exit = await exited;
        const exitAt = Date.now() - t0;
        expect(exit).toEqual({ code: 0, signal: null });
        expect(exitAt - termAt).toBeGreaterThanOrEqual(GRACE_MS);
        await sleep(1000);
        flowing = false;
        await traffic;
        const failures = flow.filter((f) => f.status !== 200 || f.attempts !== 1);
        expect(failures, 'requests that failed while node1 stopped').toEqual([]);
        // After HAProxy's mark (and the requests then in flight), only node2 answers.
        expect(flow.filter((f) => f.at > downAt + 200).every((f) => f.node === 'node2')).toBe(true);
        expect(
          flow.some((f) => f.at > termAt && f.node === 'node1'),
          'node1 served while draining',
        ).toBe(true);
        summary['d. SIGTERM'] =
          `${flow.length} requests, none failed; ready 503 at once, marked DOWN after ${((downAt - termAt) / 1000).toFixed(1)} s, exit 0 after ${((exitAt - termAt) / 1000).toFixed(1)} s`;
        n1.start();
        await n1.ready();
        await balancer!.waitStatus('node1', 'UP');
      }),
    60_000,
  );

  // --- c, continued: the schedule's moves, while the nodes came and went --------------------------
  step(
    'c. the auto schedule moved the burst assignment exactly once per step: one peer-review matching, one set of reports',
    () =>
      timed('c. waiting for the schedule', async () => {
        const { assignmentId, learners, peerEnd } = burst;
        await waitFor(
          'the assignment did not complete on schedule',
          Math.max(0, peerEnd - Date.now()) + 30_000,
          async () => {
            const [row] = await db!.query<{ step_index: number }>(
              'select step_index from assignments where id = $1',
              [assignmentId],
            );
            return row?.step_index === 2 ? true : undefined;
          },
          500,
        );
        const count = async (text: string) => (await db!.query<{ n: number }>(text, [assignmentId]))[0]?.n;
        // The passes of the stage-moves queue: the steps each took for this assignment add up to
        // two (peer review, completion); the essay step was entered when the assignment was created.
        const passes = await db!.query<{ steps: number }>(
          `select (output ->> $1::text)::int as steps from pgboss.job
            where name = 'stage-moves' and state = 'completed' and output ? $1::text`,
          [String(assignmentId)],
        );
        // Should a pass be missing, the message shows every pass not completed (a failed or a
        // stuck one) with its output.
        const unfinished = await db!.query<{ state: string; output: unknown }>(
          `select state, output from pgboss.job where name = 'stage-moves' and state <> 'completed'`,
        );
        expect(
          passes.reduce((sum, p) => sum + p.steps, 0),
          `the steps the passes recorded; passes not completed: ${JSON.stringify(unfinished)}`,
        ).toBe(2);
        expect(await count('select count(*)::int as n from participations where assignment_id = $1')).toBe(
          learners.length,
        );
        const perStage = await db!.query<{ model: string; n: number }>(
          `select s.model, count(p.id)::int as n from stages s left join performances p on p.stage_id = s.id
            where s.assignment_id = $1 group by s.model order by s.model`,
          [assignmentId],
        );
        expect(perStage).toEqual([
          { model: 'essaywriting', n: learners.length },
          { model: 'peerreview', n: learners.length },
        ]);
        // One matching: every writer reviews three peers and themself, and is reviewed by three.
        const reviewers = await db!.query<{ peers: number; selves: number }>(
          `select count(*) filter (where reviewer_id <> target_id)::int as peers,
                  count(*) filter (where reviewer_id = target_id)::int as selves
             from peer_matchings where assignment_id = $1 group by reviewer_id`,
          [assignmentId],
        );
        expect(reviewers).toHaveLength(learners.length);
        expect(reviewers.every((r) => r.peers === 3 && r.selves === 1)).toBe(true);
        expect(await count('select count(*)::int as n from peer_matchings where assignment_id = $1')).toBe(
          learners.length * 4,
        );
        // One set of reports, computed in one transaction.
        const reports = await db!.query<{ n: number; runs: number }>(
          'select count(*)::int as n, count(distinct computed_at)::int as runs from reports where assignment_id = $1',
          [assignmentId],
        );
        expect(reports[0]).toEqual({ n: learners.length, runs: 1 });
        // And a learner reads theirs through the balancer.
        const learner = learners[0]!;
        const view = await getAssignment(client, learner.token, burst.courseId, assignmentId);
        expect(view.status).toBe(2);
        expectStatus(
          await client.request(
            'GET',
            `${assignmentPath(burst.courseId, assignmentId)}/reports/${view.report_id}/`,
            {
              token: learner.token,
            },
          ),
          200,
          'a burst learner reading their report',
        );
        summary['c. schedule'] =
          `peer review entered and completed once (${passes.length} passes), ${learners.length} reports`;
      }),
    150_000,
  );

  // --- e. Upgrades: a database migrated by a newer build ------------------------------------------
  step(
    'e. a database ahead of the build: running nodes leave the rotation (readiness names the migrations), a restarted node refuses to start',
    () =>
      timed('e. newer schema', async () => {
        // What a newer build's migration leaves in drizzle's journal: a later entry.
        await db!.query(
          `insert into drizzle.__drizzle_migrations (hash, created_at)
             select 'cluster-test-newer-build', max(created_at) + 1 from drizzle.__drizzle_migrations`,
        );
        try {
          for (const n of nodes) {
            const res = await fetch(`http://${n.address}/health/ready`);
            expect(res.status, `${n.name} ready with a newer schema`).toBe(503);
            expect(((await res.json()) as { failing: string[] }).failing).toContain('migrations');
          }
          await Promise.all(nodes.map((n) => balancer!.waitStatus(n.name, 'DOWN')));
          const n2 = node('node2');
          await n2.kill9();
          n2.start();
          expect(await n2.exit()).toEqual({ code: 65, signal: null });
          expect(n2.tail(5)).toMatch(/The database schema is newer than this build of PeerWrite/);
        } finally {
          await db!.query(`delete from drizzle.__drizzle_migrations where hash = 'cluster-test-newer-build'`);
        }
        const n2 = node('node2');
        if (!n2.running) n2.start();
        await Promise.all(nodes.map((n) => n.ready()));
        await Promise.all(nodes.map((n) => balancer!.waitStatus(n.name, 'UP')));
        expectStatus(
          await client.request('GET', `${API}/users/login-check/`, { token: instructor }),
          200,
          'after',
        );
        summary['e. newer schema'] =
          'both nodes out of the rotation, a restarted node exited 65; back once it was gone';
      }),
    60_000,
  );
});
