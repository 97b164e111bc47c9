import type { WeightsUpdate } from '@pw/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignmentWeights, courses } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { assertCanReadWeights, assertCanSetWeights } from './results.policy';
import { completedAssignments, weightsOf } from './results.queries';

/** GET …/assignments/weights: the completed assignments' weights (instructor and assistants). */
export async function getWeights(input: { db: Db; caller: Caller; courseId: number }) {
  const { db, courseId } = input;
  assertCanReadWeights(await loadMembership(db, input.caller, courseId));
  return weightsOf(db, await completedAssignments(db, courseId));
}

/**
 * PATCH …/assignments/weights/ (the instructor): sets the weights of completed assignments. The
 * weights not sent keep their stored value, and the whole set must add up to 0..100; the course
 * row is locked while deciding, so two partial changes at once cannot together pass 100.
 */
export async function updateWeights(input: {
  db: Db;
  caller: Caller;
  courseId: number;
  body: WeightsUpdate;
}) {
  const { db, courseId, body } = input;
  assertCanSetWeights(await loadMembership(db, input.caller, courseId));
  return db.transaction(async (tx) => {
    await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
    const list = await completedAssignments(tx, courseId);
    const known = new Set(list.map((a) => a.id));
    const fields: Record<string, string[]> = {};
    const seen = new Set<number>();
    body.weights.forEach((w, i) => {
      if (!known.has(w.id) || seen.has(w.id)) fields[`weights.${i}.id`] = ['validation.invalid'];
      seen.add(w.id);
    });
    if (Object.keys(fields).length) throw validationError(fields);
    const current = await weightsOf(tx, list);
    const next = current.map((w) => ({
      ...w,
      weight: body.weights.find((x) => x.id === w.id)?.weight ?? w.weight,
    }));
    const total = next.reduce((sum, w) => sum + w.weight, 0);
    if (total < 0 || total > 100) throw new AppError('weights_total', { params: { total } });
    for (const w of body.weights) {
      await tx
        .insert(assignmentWeights)
        .values({ assignmentId: w.id, weight: w.weight })
        .onConflictDoUpdate({ target: assignmentWeights.assignmentId, set: { weight: w.weight } });
    }
    return next;
  });
}
