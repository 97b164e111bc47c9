import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';

// Every foreign key a query or a cascading delete looks up by has an index of its own
// (issue 11): without them, deleting a file or an enrolment scans whole link tables.
const EXPECTED: Array<[table: string, index: string, columns: string]> = [
  ['course_files', 'course_files_file_idx', 'file_id'],
  ['post_files', 'post_files_file_idx', 'file_id'],
  ['assignment_files', 'assignment_files_file_idx', 'file_id'],
  ['performance_files', 'performance_files_file_idx', 'file_id'],
  ['poll_votes', 'poll_votes_option_idx', 'option_id'],
  ['participations', 'participations_enrollment_idx', 'enrollment_id'],
  ['peer_matchings', 'peer_matchings_reviewer_enrollment_idx', 'reviewer_id'],
  ['peer_matchings', 'peer_matchings_target_enrollment_idx', 'target_id'],
  ['password_reset_tokens', 'password_reset_tokens_user_idx', 'user_id'],
  ['courses', 'courses_org_created_idx', 'organisation_id, created_at'],
];

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe(`indexes (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.each(EXPECTED)('%s has %s on (%s)', async (table, index, columns) => {
    const result = await database.db.execute(
      sql`select indexdef from pg_indexes where schemaname = 'public' and tablename = ${table} and indexname = ${index}`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
      indexdef: string;
    }>;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.indexdef).toContain(`(${columns})`);
  });
});
