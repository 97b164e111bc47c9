import { describe, expect, it } from 'vitest';
import { EN_CRITERIA, EN_ESSAY, HELD_OUT_SET, KO_CRITERIA, KO_ESSAY, LABELLED_SET } from './labelled-set';
import {
  COACH_HINTS,
  type CoachHint,
  coachHints,
  coachTally,
  commentLanguage,
  essayReferences,
  koreanStem,
} from './review-coach';

// The domain compiles without DOM or Node types; the test prints its figures all the same.
declare const console: { log(...args: unknown[]): void; table(rows: unknown): void };

const run = (x: (typeof LABELLED_SET)[number]) =>
  coachHints({
    comment: x.comment,
    criterion: (x.lang === 'ko' ? KO_CRITERIA : EN_CRITERIA)[x.criterion] ?? '',
    point: x.point,
    min: 0,
    max: 5,
    essay: x.lang === 'ko' ? KO_ESSAY : EN_ESSAY,
    language: x.lang,
  });

/** Precision and recall per rule and overall on a set, printed with the comments the rules got wrong. */
function measure(name: string, set: typeof LABELLED_SET) {
  const counts = new Map<CoachHint | 'overall', { tp: number; fp: number; fn: number }>();
  for (const h of [...COACH_HINTS, 'overall'] as const) counts.set(h, { tp: 0, fp: 0, fn: 0 });
  const misses: string[] = [];
  for (const x of set) {
    const got = new Set(run(x));
    const want = new Set(x.expected);
    for (const h of COACH_HINTS) {
      const c = counts.get(h);
      const all = counts.get('overall');
      if (!c || !all) throw new Error('counts');
      const key = got.has(h) && want.has(h) ? 'tp' : got.has(h) ? 'fp' : want.has(h) ? 'fn' : null;
      if (key) {
        c[key] += 1;
        all[key] += 1;
      }
      if (key === 'fp' || key === 'fn') misses.push(`${key} ${h}: ${x.comment.slice(0, 50)}`);
    }
  }
  const rows = [...counts].map(([rule, c]) => {
    const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1;
    const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1;
    return { rule, ...c, precision: Number(precision.toFixed(3)), recall: Number(recall.toFixed(3)) };
  });
  console.log(`Review coach on ${set.length} comments (${name}):`);
  console.table(rows);
  if (misses.length) console.log(misses.join('\n'));
  return rows;
}

describe('review coach on the labelled set', () => {
  it('reaches precision and recall of 0.8 per rule and overall (figures printed)', () => {
    for (const r of measure('labelled set', LABELLED_SET)) {
      expect(r.tp, `${r.rule} has positives in the set`).toBeGreaterThan(0);
      expect(r.precision, `${r.rule} precision`).toBeGreaterThanOrEqual(0.8);
      expect(r.recall, `${r.rule} recall`).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('reaches 0.8 overall on the held-out set, which never tuned the lists (figures printed)', () => {
    const overall = measure('held-out set', HELD_OUT_SET).find((r) => r.rule === 'overall');
    expect(overall?.precision).toBeGreaterThanOrEqual(0.8);
    expect(overall?.recall).toBeGreaterThanOrEqual(0.8);
  });

  it('has both languages and comments with no hint at all', () => {
    expect(LABELLED_SET.filter((x) => x.lang === 'ko').length).toBeGreaterThanOrEqual(30);
    expect(LABELLED_SET.filter((x) => x.lang === 'en').length).toBeGreaterThanOrEqual(30);
    expect(LABELLED_SET.filter((x) => x.expected.length === 0).length).toBeGreaterThanOrEqual(15);
  });
});

describe('review coach rules', () => {
  const base = { criterion: '', point: 3, min: 0, max: 5, essay: KO_ESSAY, language: 'ko' as const };

  it('says nothing about an empty comment', () => {
    expect(coachHints({ ...base, comment: '   ' })).toEqual([]);
  });

  it('reads the comment in its own script, the page language only when it has no letters', () => {
    expect(commentLanguage('Good job', 'ko')).toBe('en');
    expect(commentLanguage('좋아요 good', 'en')).toBe('ko');
    expect(commentLanguage('!!!', 'en')).toBe('en');
  });

  it('strips Korean particles and ignores the criterion’s words', () => {
    expect(koreanStem('스마트폰을')).toBe('스마트폰');
    expect(koreanStem('학생회와')).toBe('학생회');
    expect(koreanStem('글이')).toBe('글이');
    expect(essayReferences('미세먼지를 측정한 사례', '', KO_ESSAY)).toContain('미세먼지');
    // Spaces in the essay do not hide a word ("사용 규칙" → "사용규칙").
    expect(essayReferences('사용규칙이 분명해요', '', KO_ESSAY)).toContain('사용규칙');
    expect(essayReferences('attendance rose', 'Is attendance discussed?', EN_ESSAY)).toEqual([]);
    expect(essayReferences('"supervised study" helps', '', EN_ESSAY).length).toBeGreaterThan(0);
  });

  it('counts a point mismatch only at the ends of the scale, on any scale', () => {
    const praise = 'The Colorado attendance figures are convincing evidence; add the year to the citation.';
    const en = { ...base, essay: EN_ESSAY, language: 'en' as const, comment: praise };
    expect(coachHints({ ...en, point: 1, min: 1, max: 10 })).toContain('point_mismatch');
    expect(coachHints({ ...en, point: 6, min: 1, max: 10 })).not.toContain('point_mismatch');
    expect(coachHints({ ...en, point: null })).not.toContain('point_mismatch');
  });

  it('does not ask a top point for a suggestion', () => {
    const c = { ...base, comment: '스마트폰 사용 규칙을 학생회와 정하자는 결론이 인상적이에요.' };
    expect(coachHints({ ...c, point: 5 })).not.toContain('no_suggestion');
    expect(coachHints({ ...c, point: 4 })).toContain('no_suggestion');
  });

  it('skips the reference rule when the essay has no text', () => {
    expect(coachHints({ ...base, essay: '', comment: '좋아요' })).not.toContain('no_reference');
  });

  it('tallies the comments that meet the bar, leaving empty ones out', () => {
    const good =
      '과학 시간에 미세먼지 농도를 측정한 경험은 좋은 근거지만 한 번뿐이라 약해요. 다른 학교 사례를 추가해 보세요.';
    expect(
      coachTally([
        { ...base, comment: good },
        { ...base, comment: '좋아요' },
        { ...base, comment: '' },
      ]),
    ).toEqual({
      met: 1,
      total: 2,
    });
  });
});
