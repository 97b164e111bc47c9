import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRealClass, type RealClass, type RealRating, scoreRealClass, trimmedMeanOf } from './real-class';

const ITEM_MAX = [2, 3, 2, 3, 4];

// A class of `essays` submissions with tutor marks = the true quality; each is graded by two exact
// peers and one of a few far-off peers (1.5 points off, up or down); peers graded 1 to 3 essays.
function makeClass(essays: number): RealClass {
  const submissions = Array.from({ length: essays }, (_, i) => `s${String(i).padStart(3, '0')}`);
  const tutorMean = new Map<string, number[]>();
  const ratings: RealRating[] = [];
  submissions.forEach((submission, e) => {
    const quality = ITEM_MAX.map((max, i) => Math.round((((e * 7 + i * 3) % 11) / 10) * max * 2) / 2);
    tutorMean.set(submission, quality);
    const peers = [`good${(2 * e) % essays}`, `good${(2 * e + 1) % essays}`, `bad${e % 5}`];
    peers.forEach((assessor, k) => {
      const off = k === 2 ? (e % 2 === 0 ? 1.5 : -1.5) : 0;
      ratings.push({
        assessor,
        submission,
        points: quality.map((q, i) => Math.max(0, Math.min(ITEM_MAX[i] ?? 0, q + off))),
      });
    });
  });
  return { itemMax: ITEM_MAX, submissions, ratings, tutorMean };
}

describe('trimmedMeanOf', () => {
  it('leaves out the mark furthest from the median with three or more marks', () => {
    expect(trimmedMeanOf([3, 3, 0])).toBe(3);
    expect(trimmedMeanOf([1, 2, 4])).toBe(1.5);
    expect(trimmedMeanOf([2, 4])).toBe(3);
    expect(trimmedMeanOf([])).toBe(0);
  });
});

describe('scoreRealClass', () => {
  it('scores a class with 2-point items, fractional points and one-review graders against the tutors', () => {
    const data = makeClass(40);
    const f = scoreRealClass(data);
    for (const method of ['mean', 'median', 'trimmed', 'hamer', 'vancouver', 'engine'] as const) {
      expect(Number.isFinite(f.essay[method].spearman)).toBe(true);
      expect(f.essay[method].mae).toBeGreaterThanOrEqual(0);
    }
    // The median and the trimmed mean leave the one far-off peer out: essays ranked as the tutors do.
    expect(f.essay.median.spearman).toBeCloseTo(1, 9);
    expect(f.essay.median.mae).toBeCloseTo(0, 9);
    expect(f.essay.trimmed.mae).toBeLessThan(f.essay.mean.mae);
    expect(f.graders).toBeGreaterThan(0);
    // Both evaluator measures see that the five far-off peers are the worst; the true worst 30 %
    // (13 of 45) holds them and, by id, 8 of the exact peers, so at least 5 marks are hits.
    expect(f.evaluation.leaveOneOut).toBeGreaterThan(0.5);
    expect(f.evaluation.engine).toBeGreaterThan(0.5);
    expect(Math.round(f.redMarks.engine * f.redMarks.engineMarked)).toBeGreaterThanOrEqual(5);
    expect(Math.round(f.redMarks.leaveOneOut * f.redMarks.leaveOneOutMarked)).toBeGreaterThanOrEqual(5);
    expect(f.redMarks.leaveOneOutMarked).toBe(Math.floor(f.graders * 0.3));
  });

  it('scores a resample with repeated submissions as separate essays', () => {
    const data = makeClass(20);
    const picks = [...data.submissions.slice(0, 10), ...data.submissions.slice(0, 10)];
    const f = scoreRealClass(data, picks);
    expect(Number.isFinite(f.essay.engine.mae)).toBe(true);
  });
});

describe('loadRealClass', () => {
  it('is null without the data and reads the tutors’ mean per item from the CSV files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'real-class-'));
    expect(loadRealClass(dir)).toBeNull();
    writeFileSync(
      join(dir, 'peer_grades.csv'),
      'file_name,assessor_id,o.completed,r.completed,score,item1,item2,item3,item4,item5\nsub_1,AA,1,1,12.5,2.0,2.5,2.0,2.0,4.0\n',
    );
    writeFileSync(
      join(dir, 'tutor_grades.csv'),
      'file_name,grader,criteria_1,criteria_2,criteria_3,criteria_4,criteria_5,total\nsub_1,1,2,3,2,3,4,14\nsub_1,2,1,2,2,3,3,11\n',
    );
    const data = loadRealClass(dir);
    expect(data?.submissions).toEqual(['sub_1']);
    expect(data?.ratings[0]?.points).toEqual([2, 2.5, 2, 2, 4]);
    expect(data?.tutorMean.get('sub_1')).toEqual([1.5, 2.5, 2, 3, 3.5]);
  });
});
