import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The import-boundary rules of .dependency-cruiser.cjs, each shown to fire on a small tree that
// breaks it (and to stay quiet on one that keeps it), so a rule cannot silently stop matching.
const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as { forbidden: unknown[] };

async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'pw-boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const previous = process.cwd();
  process.chdir(root);
  try {
    const roots = [...new Set(Object.keys(files).map((path) => path.split('/')[0] ?? path))];
    const result = await cruise(roots, {
      baseDir: root,
      ruleSet: { forbidden: config.forbidden } as never,
      validate: true,
      doNotFollow: { path: 'node_modules' },
    });
    const output = result.output as { summary: { violations: Array<{ rule: { name: string } }> } };
    return output.summary.violations.map((v) => v.rule.name).sort();
  } finally {
    process.chdir(previous);
  }
}

describe('import boundaries', () => {
  it('a web feature importing another feature', async () => {
    expect(
      await violations({
        'apps/web/src/features/a/page.ts': "import { b } from '../b/api';\nexport const a = b;\n",
        'apps/web/src/features/b/api.ts': 'export const b = 1;\n',
      }),
    ).toEqual(['no-cross-feature']);
  });

  it('the web importing the domain beyond the review coach and the anchors', async () => {
    const domain = {
      'packages/domain/src/scoring/engine.ts': 'export const score = 1;\n',
      'packages/domain/src/review-coach/review-coach.ts':
        "import { LIST } from './word-lists';\nexport const coachHints = LIST;\n",
      'packages/domain/src/review-coach/word-lists.ts': 'export const LIST = [];\n',
      'packages/domain/src/anchors/anchors.ts': 'export const checkAnchor = 1;\n',
    };
    expect(
      await violations({
        ...domain,
        'apps/web/src/features/a/page.ts':
          "import { score } from '../../../../../packages/domain/src/scoring/engine';\nexport const a = score;\n",
      }),
    ).toEqual(['web-takes-only-the-coach-and-anchors-from-domain']);
    expect(
      await violations({
        ...domain,
        'apps/web/src/features/a/page.ts':
          "import { coachHints } from '../../../../../packages/domain/src/review-coach/review-coach';\nexport const a = coachHints;\n",
      }),
    ).toEqual([]);
    expect(
      await violations({
        ...domain,
        'apps/web/src/features/a/page.ts':
          "import { checkAnchor } from '../../../../../packages/domain/src/anchors/anchors';\nexport const a = checkAnchor;\n",
      }),
    ).toEqual([]);
  });

  it('a feature reaching up into app/', async () => {
    expect(
      await violations({
        'apps/web/src/features/a/page.ts': "import { r } from '../../app/routes';\nexport const a = r;\n",
        'apps/web/src/app/routes.ts': 'export const r = 1;\n',
      }),
    ).toEqual(['no-features-into-app']);
  });

  it('a server policy doing I/O (types aside)', async () => {
    expect(
      await violations({
        'apps/server/src/modules/a/a.policy.ts':
          "import { db } from '../../db/client';\nimport type { Row } from '../../db/schema';\nexport const p = (r: Row) => db(r);\n",
        'apps/server/src/db/client.ts': 'export const db = (x: unknown) => x;\n',
        'apps/server/src/db/schema.ts': 'export type Row = number;\n',
      }),
    ).toEqual(['policies-are-pure']);
    expect(
      await violations({
        'apps/server/src/modules/a/a.policy.ts':
          "import { AppError } from '../../lib/errors';\nimport { isManager } from '../b/b.policy';\nimport type { Row } from '../../db/schema';\nexport const p = (r: Row) => (isManager(r) ? r : new AppError());\n",
        'apps/server/src/modules/b/b.policy.ts': 'export const isManager = (r: number) => r > 0;\n',
        'apps/server/src/lib/errors.ts': 'export class AppError {}\n',
        'apps/server/src/db/schema.ts': 'export type Row = number;\n',
      }),
    ).toEqual([]);
  });

  it('a screen calling the server outside api/', async () => {
    expect(
      await violations({
        'apps/web/src/features/a/routes/page.ts':
          "import { apiFetch } from '../../../lib/api';\nexport const a = apiFetch;\n",
        'apps/web/src/components/box.ts':
          "import { apiFetch } from '../lib/api';\nexport const b = apiFetch;\n",
        'apps/web/src/app/page.ts': "import { apiFetch } from '../lib/api';\nexport const c = apiFetch;\n",
        'apps/web/src/lib/api.ts': 'export const apiFetch = 1;\n',
      }),
    ).toEqual(['server-calls-through-api', 'server-calls-through-api', 'server-calls-through-api']);
  });

  it('a package importing an app', async () => {
    expect(
      await violations({
        'packages/contract/src/x.ts':
          "import { s } from '../../../apps/server/src/s';\nexport const x = s;\n",
        'apps/server/src/s.ts': 'export const s = 1;\n',
      }),
    ).toEqual(['no-packages-into-apps']);
  });

  it('the domain package doing I/O', async () => {
    expect(
      await violations({
        'packages/domain/src/x.ts':
          "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      }),
    ).toEqual(['domain-is-pure']);
  });

  it('the contract importing something other than zod', async () => {
    expect(
      await violations({
        'packages/contract/src/x.ts': "import { join } from 'node:path';\nexport const x = join;\n",
      }),
    ).toEqual(['contract-needs-only-zod']);
  });

  it('an import cycle', async () => {
    expect(
      await violations({
        'apps/server/src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'apps/server/src/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      }),
    ).toEqual(['no-circular']);
  });

  it('a feature using lib/ and components/, app/ composing features, and api/ or lib/ calling the server, is fine', async () => {
    expect(
      await violations({
        'apps/web/src/features/a/page.ts': "import { l } from '../../lib/l';\nexport const a = l;\n",
        'apps/web/src/lib/l.ts': 'export const l = 1;\n',
        'apps/web/src/app/routes.ts': "import { a } from '../features/a/page';\nexport const r = a;\n",
        'apps/web/src/features/a/api/q.ts':
          "import { apiFetch } from '../../../lib/api';\nexport const q = apiFetch;\n",
        'apps/web/src/lib/queries.ts': "import { apiFetch } from './api';\nexport const s = apiFetch;\n",
        'apps/web/src/lib/api.ts': 'export const apiFetch = 1;\n',
      }),
    ).toEqual([]);
  });
});
