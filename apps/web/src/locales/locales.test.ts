import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`),
  );
}

function placeholders(text: string) {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
}

const catalogDirs = [join(__dirname), join(__dirname, '../../../../packages/contract/locales')];

describe.each(catalogDirs)('catalogs in %s', (dir) => {
  const files = readdirSync(join(dir, 'ko')).filter((f) => f.endsWith('.json'));

  it('has at least one catalog', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s has the same keys, non-empty values and placeholders in ko and en', (file) => {
    const ko = JSON.parse(readFileSync(join(dir, 'ko', file), 'utf8')) as Tree;
    const en = JSON.parse(readFileSync(join(dir, 'en', file), 'utf8')) as Tree;
    expect(keysOf(en).sort()).toEqual(keysOf(ko).sort());
    const flat = (tree: Tree) =>
      Object.fromEntries(
        keysOf(tree).map((k) => [
          k,
          k.split('.').reduce<string | Tree>((n, p) => (n as Tree)[p]!, tree) as string,
        ]),
      );
    const koFlat = flat(ko);
    const enFlat = flat(en);
    for (const key of Object.keys(koFlat)) {
      expect(koFlat[key]?.trim(), `ko ${key}`).not.toBe('');
      expect(enFlat[key]?.trim(), `en ${key}`).not.toBe('');
      expect(placeholders(enFlat[key]!), key).toEqual(placeholders(koFlat[key]!));
    }
  });
});

describe('shared messages', () => {
  it('every error code of the contract has a message in both languages', async () => {
    const { ERROR_CODES, translateShared } = await import('@pw/contract');
    for (const code of ERROR_CODES) {
      expect(translateShared('ko', `errors.${code}`), code).toBeTruthy();
      expect(translateShared('en', `errors.${code}`), code).toBeTruthy();
    }
  });
});
