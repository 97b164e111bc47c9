import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { enrollments, users } from '../../db/schema';
import { create, t, useAssignmentWorld, w } from './assignments.test-kit';

// The management table at term start (issue 36, item 19): a class written in one sitting is read
// before anything has analysed its rows, so its reads must not depend on the planner's statistics.

useAssignmentWorld();

/** The tables whose rows grow with the class; the table's reads of them join nothing. */
const CLASS_TABLES = [
  'participations',
  'enrollments',
  'users',
  'performances',
  'peer_matchings',
  'feedback_matchings',
  'objections',
  'reports',
];

type Query = (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Every statement (text and values) the app sends while `act` runs (watches the database driver). */
async function statementsOf(act: () => Promise<unknown>) {
  const client = (t.app.db as unknown as { $client: { query: Query } }).$client;
  const own = Object.hasOwn(client, 'query');
  const original = client.query;
  const seen: { text: string; values: unknown[] }[] = [];
  client.query = async (...args: unknown[]) => {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: (second as unknown[]) ?? [] });
    else {
      const q = first as { text: string; values?: unknown[] };
      seen.push({ text: q.text, values: q.values ?? (second as unknown[]) ?? [] });
    }
    return original.apply(client, args);
  };
  try {
    await act();
  } finally {
    if (own) client.query = original;
    else delete (client as { query?: Query }).query;
  }
  return { seen, explain: (text: string, values: unknown[]) => original.call(client, text, values) };
}

/** The node types of a plan (EXPLAIN's JSON), every level. */
function nodeTypes(plan: { 'Node Type': string; Plans?: unknown[] }): string[] {
  return [
    plan['Node Type'],
    ...(plan.Plans ?? []).flatMap((p) => nodeTypes(p as Parameters<typeof nodeTypes>[0])),
  ];
}

/** Enrols `n` new learners in the world's course, in one statement each for users and seats. */
async function enrolClass(n: number, code: (i: number) => string, name: (i: number) => string) {
  const tag = randomBytes(3).toString('hex');
  const people = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        organisationId: w.org.id,
        email: `class-${i}-${tag}@example.com`,
        name: name(i),
        passwordHash: '',
      })),
    )
    .returning({ id: users.id });
  return t.database.db
    .insert(enrollments)
    .values(people.map((p, i) => ({ courseId: w.course.id, userId: p.id, code: code(i) })))
    .returning({ id: enrollments.id });
}

describe('the management table at term start', () => {
  it('reads each class-sized table alone, so no plan joins, even on statistics of a smaller class', async () => {
    // What a running server's autovacuum leaves: statistics of the few rows there were. Then a
    // class enrols and its assignment starts (the product writes the participations and the
    // essays), read at once, before anything analyses the new rows.
    await t.database.db.execute(sql`analyze`);
    await enrolClass(
      60,
      (i) => `T${String(i).padStart(3, '0')}`,
      (i) => `학습자 ${i}`,
    );
    const a = (await create({ is_directly_starting: true })).json();
    const base = `/api/v1/courses/${w.course.id}/assignments/${a.id}`;
    const { seen, explain } = await statementsOf(async () => {
      const table = await call(t, { url: `${base}/management/`, token: w.tokens.instructor });
      expect(table.statusCode, table.body).toBe(200);
      expect(table.json().names.length).toBeGreaterThanOrEqual(61);
      const book = await call(t, { url: `${base}/stages-of-learners/`, token: w.tokens.instructor });
      expect(book.statusCode, book.body).toBe(200);
    });
    // The table's read: one statement per request, reading every class-sized table, joining none.
    const reads = seen.filter((s) => s.text.includes('from "participations"'));
    expect(reads).toHaveLength(2);
    for (const read of reads) {
      for (const table of CLASS_TABLES) expect(read.text).toContain(`from "${table}"`);
      expect(read.text, 'a join, whose method the statistics choose').not.toMatch(/\bjoin\b/i);
      const [row] = (await explain(`explain (format json) ${read.text}`, read.values)).rows;
      const plan = Object.values(row ?? {})[0] as { Plan: Parameters<typeof nodeTypes>[0] }[];
      const types = nodeTypes(plan[0]!.Plan);
      expect(types).toContain('Aggregate');
      expect(types.filter((type) => /join|nested loop/i.test(type))).toEqual([]);
    }
  });

  it('keeps the order by student ID, then name, and each learner with their own name and code', async () => {
    const tag = randomBytes(2).toString('hex');
    // Equal codes fall back to the name; the ids run against both orders.
    const codes = [`Z${tag}`, `Y${tag}`, `Y${tag}`];
    const names = ['가', '다', '나'];
    const seats = await enrolClass(
      3,
      (i) => codes[i]!,
      (i) => names[i]!,
    );
    const a = (await create({ is_directly_starting: true })).json();
    const table = (
      await call(t, {
        url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/management/`,
        token: w.tokens.instructor,
      })
    ).json() as { names: { pk: number; name: string; code: string }[] };
    const ours = table.names.filter((n) => seats.some((s) => s.id === n.pk));
    expect(ours.map((n) => [n.code, n.name])).toEqual([
      [`Y${tag}`, '나'],
      [`Y${tag}`, '다'],
      [`Z${tag}`, '가'],
    ]);
    expect(ours.map((n) => n.pk)).toEqual([seats[2]!.id, seats[1]!.id, seats[0]!.id]);
    // The whole table follows the same order (the database's collation of codes).
    const all = table.names.map((n) => n.code);
    expect(all).toEqual([...all].sort());
  });
});
