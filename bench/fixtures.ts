// Shared by the benches: the real server in its own process, and the raw-SQL floor of the
// management table.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';

export interface BenchServer {
  base: string;
  process: ChildProcess;
  /** Stops the server, waits for it to exit and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts `apps/server/src/server.ts` in its own process (as in production, so the load generator
 * does not share its event loop) on a fresh data folder with the demo data (PGlite unless
 * DATABASE_URL is set), and waits until it answers. BENCH_NODE_ARGS (e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof") are passed to that process.
 */
export async function startServer(options: {
  port: number;
  /** Prefix of the temporary data folder. */
  name: string;
  /** Whether the server's standard output is shown. */
  showOutput?: boolean;
  /** Tenths of a second to wait for the first answer. */
  patience?: number;
}): Promise<BenchServer> {
  const base = `http://127.0.0.1:${options.port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `${options.name}-`));
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      join(import.meta.dirname, '../apps/server/src/server.ts'),
    ],
    {
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'on',
      },
      stdio: ['ignore', options.showOutput ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  // A bench that fails does not leave its server running.
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/v1/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > (options.patience ?? 600)) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    process: child,
    async stop() {
      process.off('exit', killChild);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The four stages of a bench assignment (write, review, rate the reviews, revise), as rows. */
export function fourStageRows(assignmentId: number) {
  return [
    { assignmentId, position: 0, model: 'essaywriting' as const, settings: { max_writing_score: 60 } },
    {
      assignmentId,
      position: 1,
      model: 'peerreview' as const,
      settings: { peer_count: 3, max_review_score: 10, max_metacognition_score: 10, standards: [] },
    },
    { assignmentId, position: 2, model: 'feedbackreview' as const, settings: { max_review_score: 10 } },
    { assignmentId, position: 3, model: 'revisement' as const, settings: { max_revisement_score: 10 } },
  ];
}

/** The management table's raw-SQL floor: the rows the table needs, in one hand-written query. */
export const managementFloorQuery = (assignmentId: number) => sql`
  select e.id, u.name, e.code, pa.status, pa.attended_at,
    (select json_agg(json_build_object('s', p.stage_id, 'c', p.is_completed, 'l', p.is_late, 'id', p.id))
       from performances p join stages s on s.id = p.stage_id
       where s.assignment_id = ${assignmentId} and p.enrollment_id = e.id) as work,
    (select count(*) filter (where m.is_completed) from peer_matchings m
       where m.assignment_id = ${assignmentId} and m.reviewer_id = e.id) as reviewed,
    (select count(f.matching_id) from peer_matchings m left join feedback_matchings f on f.matching_id = m.id
       where m.assignment_id = ${assignmentId} and m.target_id = e.id and m.reviewer_id <> e.id) as rated
  from participations pa join enrollments e on e.id = pa.enrollment_id join users u on u.id = e.user_id
  where pa.assignment_id = ${assignmentId} and e.is_active order by e.code, u.name`;

/**
 * A new, empty PostgreSQL database beside the one `adminUrl` names, for one bench run: a bench
 * that wrote into a shared database would measure a table grown by every earlier run (and, with
 * autovacuum off, never analysed). `drop` removes it; `keep` leaves it for a later run.
 */
export async function freshPostgres(adminUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
