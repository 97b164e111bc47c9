import { eq } from 'drizzle-orm';
import { assignments } from '../../db/schema';
import type { Caller } from '../courses/courses.policy';
import { discardFiles } from '../files/files.service';
import { filesOfAssignment } from '../files/owned-files';
import { type AssignmentDeps, type AssignmentIds, loadForManager } from './assignments.queries';

/** Deletes an assignment and its attachments (instructor and assistants). */
export async function deleteAssignment(input: AssignmentDeps & AssignmentIds & { caller: Caller }) {
  const { shape } = await loadForManager(input.db, input.caller, input);
  const id = shape.row.id;
  // Its attachments and the learners' work in its stages: rows and bytes.
  const owned = await input.db.transaction(async (tx) => {
    const found = await filesOfAssignment(tx, id);
    await tx.delete(assignments).where(eq(assignments.id, id));
    return found;
  });
  await discardFiles(input, owned);
}
