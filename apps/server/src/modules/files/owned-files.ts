import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  assignmentFiles,
  assignments,
  courseFiles,
  files,
  performanceFiles,
  performances,
  postFiles,
  posts,
  stages,
} from '../../db/schema';

type Owned = { id: number; storageKey: string };
const fileColumns = { id: files.id, storageKey: files.storageKey };

/** Files of an assignment: its attachments and every learner's work in its stages. */
export async function filesOfAssignment(db: Db, assignmentId: number): Promise<Owned[]> {
  const [attached, work] = await Promise.all([
    db
      .select(fileColumns)
      .from(assignmentFiles)
      .innerJoin(files, eq(files.id, assignmentFiles.fileId))
      .where(eq(assignmentFiles.assignmentId, assignmentId)),
    db
      .select(fileColumns)
      .from(performanceFiles)
      .innerJoin(files, eq(files.id, performanceFiles.fileId))
      .innerJoin(performances, eq(performances.id, performanceFiles.performanceId))
      .innerJoin(stages, eq(stages.id, performances.stageId))
      .where(eq(stages.assignmentId, assignmentId)),
  ]);
  return [...attached, ...work];
}

/**
 * Files of a course and of everything in it: the course's own, its posts', its assignments' and
 * the learners' work. Deleting the course cascades to the link rows; these are the files to drop.
 */
export async function filesOfCourse(db: Db, courseId: number): Promise<Owned[]> {
  const [own, ofPosts, ofAssignments, work] = await Promise.all([
    db
      .select(fileColumns)
      .from(courseFiles)
      .innerJoin(files, eq(files.id, courseFiles.fileId))
      .where(eq(courseFiles.courseId, courseId)),
    db
      .select(fileColumns)
      .from(postFiles)
      .innerJoin(files, eq(files.id, postFiles.fileId))
      .innerJoin(posts, eq(posts.id, postFiles.postId))
      .where(eq(posts.courseId, courseId)),
    db
      .select(fileColumns)
      .from(assignmentFiles)
      .innerJoin(files, eq(files.id, assignmentFiles.fileId))
      .innerJoin(assignments, eq(assignments.id, assignmentFiles.assignmentId))
      .where(eq(assignments.courseId, courseId)),
    db
      .select(fileColumns)
      .from(performanceFiles)
      .innerJoin(files, eq(files.id, performanceFiles.fileId))
      .innerJoin(performances, eq(performances.id, performanceFiles.performanceId))
      .innerJoin(stages, eq(stages.id, performances.stageId))
      .innerJoin(assignments, eq(assignments.id, stages.assignmentId))
      .where(eq(assignments.courseId, courseId)),
  ]);
  return [...own, ...ofPosts, ...ofAssignments, ...work];
}
