// The manager area's user list at organisation scale (issue 16): 10,000 users in one
// organisation, two groups, a tenth of them instructors, a third signed in recently. Times
// GET /users/pages/ (first page, a search, role + recent sign-in + group, a deep page) through
// the real app beside the bare route of the same app, interleaved. Goal: p95 ≤ 50 ms on PostgreSQL.
//   npm run bench:manager -w @pw/bench                         (PGlite in memory)
//   DATABASE_URL=postgres://... npm run bench:manager -w @pw/bench
import { openDatabase } from '../apps/server/src/db/client';
import { organisations, orgGroups, users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords';
import { BENCH_PASSWORD, benchApp, signedInHeaders } from './in-process';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

const database = await openDatabase({ url: process.env.DATABASE_URL });
await database.migrate();
const db = database.db;
const tag = Date.now().toString(36);
const host = `m${tag}.peer.test`;
const [org] = await db
  .insert(organisations)
  .values({ name: `bench ${tag}`, subdomain: `m${tag}`, isIntegratedManagement: true })
  .returning();
const groups = await db
  .insert(orgGroups)
  .values([
    { organisationId: org!.id, name: '인문대학' },
    { organisationId: org!.id, name: '공과대학' },
  ])
  .returning();
await db.insert(users).values({
  organisationId: org!.id,
  email: `staff-${tag}@example.com`,
  name: 'staff',
  passwordHash: await hashPassword(BENCH_PASSWORD),
  role: 'I',
  isStaff: true,
});
const now = Date.now();
for (let start = 0; start < USERS; start += 1000) {
  await db.insert(users).values(
    Array.from({ length: Math.min(1000, USERS - start) }, (_, k) => {
      const i = start + k;
      return {
        organisationId: org!.id,
        email: `u${i}-${tag}@example.com`,
        name: `사용자${String(i).padStart(5, '0')}`,
        passwordHash: '',
        role: (i % 10 === 0 ? 'I' : 'L') as 'I' | 'L',
        isActive: i % 50 !== 0,
        groupId: groups[i % 2]!.id,
        lastLogin: i % 3 === 0 ? new Date(now - (i % 90) * 86_400_000) : null,
        dateJoined: new Date(now - i * 60_000),
      };
    }),
  );
}

const app = await benchApp(database);
const headers = await signedInHeaders(app, host, `staff-${tag}@example.com`);
const weekAgo = new Date(now - 14 * 86_400_000).toISOString().slice(0, 10);
const routes = {
  bare: '/api/v1/health/',
  'first page': '/api/v1/users/pages/?page=1&page_size=10',
  search: `/api/v1/users/pages/?q=${encodeURIComponent('사용자0042')}`,
  'role + recent + group': `/api/v1/users/pages/?profile__role=L&last_login__gt=${weekAgo}&group=${groups[0]!.id}`,
  'page 500': '/api/v1/users/pages/?page=500&page_size=10',
} as const;
type Key = keyof typeof routes;
const keys = Object.keys(routes) as Key[];
const times = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<Key, number[]>;
const once = async (key: Key) => {
  const start = performance.now();
  const res = await app.inject({ method: 'GET', url: routes[key], headers });
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return ms;
};
for (let i = 0; i < 5; i++) for (const key of keys) await once(key);
for (let i = 0; i < RUNS; i++) for (const key of keys) times[key].push(await once(key));
const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
console.log(
  `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${USERS} users, ${RUNS} runs each, interleaved`,
);
console.log('| request | p50 ms | p95 ms | p95 ÷ bare p95 |');
console.log('|---|---:|---:|---:|');
for (const key of keys)
  console.log(
    `| ${key} | ${pct(times[key], 50).toFixed(1)} | ${pct(times[key], 95).toFixed(1)} | ${(pct(times[key], 95) / pct(times.bare, 95)).toFixed(1)} |`,
  );
const worst = Math.max(...keys.filter((k) => k !== 'bare').map((k) => pct(times[k], 95)));
console.log(`goal p95 ≤ 50 ms: ${worst <= 50 ? 'met' : 'not met'} (worst ${worst.toFixed(1)} ms)`);
await app.close();
await database.close();
