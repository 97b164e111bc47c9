import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One word per role in each language (docs/decisions.md, issue 36): "instructor" and "learner" in
 * English, 교수자 and 학습자 in Korean. Every user-facing value of every catalog (web, contract,
 * server pages, the manuals' chapters) is scanned for the rejected words.
 */
const root = join(__dirname, '../../../..');
const sources: Record<'ko' | 'en', string[]> = { ko: [], en: [] };
for (const lang of ['ko', 'en'] as const) {
  for (const dir of ['apps/web/src/locales', 'packages/contract/locales', 'apps/server/src/locales']) {
    for (const file of readdirSync(join(root, dir, lang)).filter((f) => f.endsWith('.json'))) {
      sources[lang].push(join(dir, lang, file));
    }
  }
  sources[lang].push(`scripts/manuals/content.${lang}.json`);
}

const REJECTED: Record<'ko' | 'en', RegExp> = {
  // "student ID" is the name of the number a learner enrols with (학번), not a role.
  en: /\b(professors?|students?(?! IDs?\b))\b/i,
  // 교수 only as part of 교수자; 학생 and 강사 never (학번 is the enrolment number).
  ko: /교수(?!자)|학생|강사/,
};

/** Deliberate exceptions: none today; list "file key" pairs here with the reason. */
const ALLOWED = new Set<string>([]);

function valuesOf(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (Array.isArray(node)) return node.flatMap((v, i) => valuesOf(v, `${path}[${i}]`));
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) => valuesOf(v, path ? `${path}.${k}` : k));
  }
  return [];
}

describe.each(['en', 'ko'] as const)('the %s catalogs', (lang) => {
  it('scan every catalog', () => {
    expect(sources[lang].length).toBeGreaterThanOrEqual(8);
  });

  it.each(sources[lang])('%s names the roles with the chosen words only', (file) => {
    const values = valuesOf(JSON.parse(readFileSync(join(root, file), 'utf8')));
    expect(values.length).toBeGreaterThan(0);
    const offending = values
      .filter(([key, text]) => REJECTED[lang].test(text) && !ALLOWED.has(`${file} ${key}`))
      .map(([key, text]) => `${key}: ${text.slice(0, 80)}`);
    expect(offending).toEqual([]);
  });

  it('the rule catches the rejected words', () => {
    const samples =
      lang === 'en' ? ['Manage students', 'the Professor approves'] : ['학생 관리', '교수 승인'];
    for (const s of samples) expect(REJECTED[lang].test(s), s).toBe(true);
    const fine = lang === 'en' ? ['Edit student ID', 'Learner manual'] : ['교수자', '학습자의 학번'];
    for (const s of fine) expect(REJECTED[lang].test(s), s).toBe(false);
  });
});
