import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (`apps/server`), found from this module's place: the same whether
 * the server runs from its sources (`src/paths.ts`, under tsx) or from the bundle `npm start`
 * makes (`dist/server.mjs`). Paths to files that ship beside the code start here.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@pw/server'
    )
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found above the server code');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
/** The SQL migrations (and drizzle's journal), read at start. */
export const migrationsFolder = resolve(serverRoot, 'src/db/migrations');
/** Built artefacts kept between starts (the PGlite template). */
export const cacheFolder = resolve(serverRoot, '.cache');
/** The web app's build, served by the server. */
export const defaultWebDist = resolve(serverRoot, '../web/dist');
