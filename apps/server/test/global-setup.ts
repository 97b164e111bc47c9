import { buildTemplate } from '../src/db/build-template';

/**
 * Creating and migrating PGlite takes seconds; loading a dump takes under one. Build the migrated
 * template once (keyed by the migrations' content; the build usually made it already) and let
 * every test file load it.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  process.env.PW_PGLITE_TEMPLATE = (await buildTemplate()).tar;
}
