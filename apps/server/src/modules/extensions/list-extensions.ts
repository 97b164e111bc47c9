import type { Db } from '../../db/client';
import { loadAssignment } from '../assignments/assignment-loader';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentManager } from '../courses/membership';
import { extensionsOf } from './extensions.queries';

export type ExtensionIds = { courseId: number; assignmentId: number };

/** GET …/extensions/: the assignment's extensions, for its instructor and assistants. */
export async function listExtensions(input: ExtensionIds & { db: Db; caller: Caller }) {
  const m = await loadAssignmentManager(input.db, input.caller, input);
  const shape = await loadAssignment(input.db, { assignmentId: input.assignmentId, courseId: m.course.id });
  return extensionsOf(input.db, shape);
}
