import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createCourseWorld } from '../../../test/factories';
import { buildTestApp, type FileStoreKind, type TestApp } from '../../../test/helpers';

// The app (storing files in its own data directory) and the course world the course tests share
// (one app and world per test file).

export let t: TestApp;
export let w: Awaited<ReturnType<typeof createCourseWorld>>;
export const dataDir = mkdtempSync(join(tmpdir(), 'pw-courses-'));

/**
 * One app (files under `dataDir`, or in an S3 bucket with `store` 's3') and one course world for
 * the test file (or describe block) that calls it.
 */
export function useCoursesWorld(store: FileStoreKind = 'local') {
  beforeAll(async () => {
    t = await buildTestApp({ DATA_DIR: dataDir }, { store });
    w = await createCourseWorld(t);
  });
  afterAll(async () => t.close());
}

export const pdf = Buffer.from('%PDF-1.4\n% test\n');
