import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder, openDatabase } from '../src/db/client';

/**
 * Creating and migrating PGlite takes seconds; loading a dump takes under one. Build a migrated
 * template once (keyed by the migrations' content) and let every test file load it.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  const path = join(tmpdir(), `pw-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(path)) {
    const database = await openDatabase({});
    await database.migrate();
    const blob = await database.dump!();
    writeFileSync(`${path}.tmp`, Buffer.from(await blob.arrayBuffer()));
    renameSync(`${path}.tmp`, path);
    await database.close();
  }
  process.env.PW_PGLITE_TEMPLATE = path;
}
