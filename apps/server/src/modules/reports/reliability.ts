import type { StandardReliability } from '@pw/contract';
import { rubricReliability } from '@pw/domain';
import type { Db, Tx } from '../../db/client';
import type { Standard } from '../assignments/assignment-shape';
import { assignmentPairs } from '../reviews/reviews.queries';
import { pointsOf } from './score-table.queries';

type Pair = { id: number; reviewerId: number; targetId: number; isCompleted: boolean };
type Point = { matchingId: number; standardIndex: number; point: number | null; editedPoint: number | null };

/**
 * Rubric reliability (issue 33), pure: per standard, Krippendorff's alpha (interval) of the
 * finished peer reviews' points (an adjusted point as adjusted), essays as units; self-reviews
 * are no peer's judgement and are left out.
 */
export function reliabilityView(
  standards: readonly Standard[],
  pairs: readonly Pair[],
  points: readonly Point[],
): StandardReliability[] {
  const byMatching = new Map<number, (number | null)[]>();
  for (const p of points) {
    const list = byMatching.get(p.matchingId) ?? Array.from({ length: standards.length }, () => null);
    if (p.standardIndex >= 0 && p.standardIndex < standards.length)
      list[p.standardIndex] = p.editedPoint ?? p.point;
    byMatching.set(p.matchingId, list);
  }
  const reviews = pairs
    .filter((x) => x.isCompleted && x.reviewerId !== x.targetId)
    .map((x) => ({ author: String(x.targetId), points: byMatching.get(x.id) ?? [] }));
  return rubricReliability(standards.length, reviews).map((r) => ({
    index: r.index,
    question: standards[r.index]?.question ?? '',
    alpha: r.alpha === null ? null : Math.round(r.alpha * 1000) / 1000,
    level: r.level,
    units: r.units,
  }));
}

/** The reliability of an assignment's rubric from its stored reviews. */
export async function assignmentReliability(
  db: Db | Tx,
  assignmentId: number,
  standards: readonly Standard[],
) {
  const [pairs, points] = await Promise.all([assignmentPairs(db, assignmentId), pointsOf(db, assignmentId)]);
  return reliabilityView(standards, pairs, points);
}
