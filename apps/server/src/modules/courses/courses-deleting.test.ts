import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/factories';
import { call, FILE_STORES } from '../../../test/helpers';
import {
  assignmentFiles,
  assignments,
  courseFiles,
  enrollments,
  files,
  performanceFiles,
  performances,
  postFiles,
  posts,
  stages,
} from '../../db/schema';
import { pdf, t, useCoursesWorld, w } from './courses.test-kit';

/** Whether the store still holds a key's bytes. */
const stored = async (key: string) => (await t.app.storage.stat(key)) !== undefined;

// Deletes remove the bytes from either store: the local folder and an S3 bucket (s3rver).
describe.each(FILE_STORES)('%s store', (store) => {
  useCoursesWorld(store);

  describe('editing and deleting', () => {
    it('closing registration makes enrolment answer 403 course_closed', async () => {
      const course = await w.newCourse();
      const res = await call(t, {
        method: 'PATCH',
        url: `/api/v1/courses/${course.id}/`,
        token: w.tokens.assistant,
        ...multipart({ is_open: 'false' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().is_open).toBe(false);
      const enrol = await call(t, {
        method: 'POST',
        url: '/api/v1/enrolls/',
        token: w.tokens.outsider,
        payload: { code: 'X', course_code: course.code },
      });
      expect(enrol.statusCode).toBe(403);
      expect(enrol.json().code).toBe('course_closed');
    });

    it('files can be added and removed; removed bytes leave storage', async () => {
      const course = await w.newCourse();
      const added = await call(t, {
        method: 'PATCH',
        url: `/api/v1/courses/${course.id}/`,
        token: w.tokens.instructor,
        ...multipart({}, [
          { name: 'a.pdf', content: pdf },
          { name: 'b.mp4', content: 'video' },
        ]),
      });
      expect(added.json().files.map((f: { name: string }) => f.name)).toEqual(['a.pdf', 'b.mp4']);
      const first = added.json().files[0];
      const [row] = await t.database.db.select().from(files).where(eq(files.id, first.id));
      expect(await stored(row!.storageKey)).toBe(true);
      const removed = await call(t, {
        method: 'PATCH',
        url: `/api/v1/courses/${course.id}/`,
        token: w.tokens.instructor,
        ...multipart({ delete_files: String(first.id) }),
      });
      expect(removed.json().files.map((f: { name: string }) => f.name)).toEqual(['b.mp4']);
      expect(await stored(row!.storageKey)).toBe(false);
      // A file of another course cannot be removed through this one.
      const foreign = await call(t, {
        method: 'PATCH',
        url: `/api/v1/courses/${course.id}/`,
        token: w.tokens.instructor,
        ...multipart({ delete_files: '999999' }),
      });
      expect(foreign.statusCode).toBe(400);
    });

    it('deleting a course removes its enrolments', async () => {
      const course = await w.newCourse();
      const res = await call(t, {
        method: 'DELETE',
        url: `/api/v1/courses/${course.id}/`,
        token: w.tokens.instructor,
      });
      expect(res.statusCode).toBe(204);
      expect(await t.database.db.$count(enrollments, eq(enrollments.courseId, course.id))).toBe(0);
      expect(
        (await call(t, { method: 'GET', url: `/api/v1/courses/${course.id}/`, token: w.tokens.instructor }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('deleting a course or an assignment', () => {
    /** A stored file (bytes in the store and its row); returns its id and key. */
    async function storedFile(name: string) {
      const saved = await t.app.storage.save('test', Readable.from([Buffer.from(`bytes of ${name}`)]));
      const [row] = await t.database.db
        .insert(files)
        .values({
          organisationId: w.course.organisationId,
          storageKey: saved.key,
          originalName: name,
          contentType: 'application/pdf',
          size: saved.size,
        })
        .returning();
      return { id: row!.id, key: saved.key };
    }

    /** A course with one file in each place a file can hang: itself, a post, an assignment, a learner's work. */
    async function courseWithFiles() {
      const course = await w.newCourse('파일이 많은 강의');
      const [enrollment] = await t.database.db
        .select()
        .from(enrollments)
        .where(eq(enrollments.courseId, course.id))
        .limit(1);
      const [post] = await t.database.db
        .insert(posts)
        .values({ courseId: course.id, authorId: w.users.instructor.id, title: '공지', content: '내용' })
        .returning();
      const [assignment] = await t.database.db
        .insert(assignments)
        .values({ courseId: course.id, name: '과제', description: '설명' })
        .returning();
      const [stage] = await t.database.db
        .insert(stages)
        .values({ assignmentId: assignment!.id, position: 0, model: 'essaywriting', settings: {} })
        .returning();
      const [performance] = await t.database.db
        .insert(performances)
        .values({ stageId: stage!.id, enrollmentId: enrollment!.id })
        .returning();
      const own = await storedFile('plan.pdf');
      const ofPost = await storedFile('post.pdf');
      const ofAssignment = await storedFile('task.pdf');
      const work = await storedFile('essay.pdf');
      await t.database.db.insert(courseFiles).values({ courseId: course.id, fileId: own.id });
      await t.database.db.insert(postFiles).values({ postId: post!.id, fileId: ofPost.id });
      await t.database.db
        .insert(assignmentFiles)
        .values({ assignmentId: assignment!.id, fileId: ofAssignment.id });
      await t.database.db
        .insert(performanceFiles)
        .values({ performanceId: performance!.id, fileId: work.id });
      return { course, assignment: assignment!, own, ofPost, ofAssignment, work };
    }

    const gone = async (file: { id: number; key: string }) =>
      (await t.database.db.$count(files, eq(files.id, file.id))) === 0 && !(await stored(file.key));

    it('deleting a course removes its files and those of its posts, assignments and learners (rows and bytes)', async () => {
      const c = await courseWithFiles();
      for (const f of [c.own, c.ofPost, c.ofAssignment, c.work]) expect(await gone(f)).toBe(false);
      const res = await call(t, {
        method: 'DELETE',
        url: `/api/v1/courses/${c.course.id}/`,
        token: w.tokens.instructor,
      });
      expect(res.statusCode).toBeLessThan(300);
      for (const f of [c.own, c.ofPost, c.ofAssignment, c.work]) expect(await gone(f)).toBe(true);
    });

    it("deleting an assignment removes its attachments and the learners' work (rows and bytes), nothing else", async () => {
      const c = await courseWithFiles();
      const res = await call(t, {
        method: 'DELETE',
        url: `/api/v1/courses/${c.course.id}/assignments/${c.assignment.id}/`,
        token: w.tokens.instructor,
      });
      expect(res.statusCode).toBeLessThan(300);
      expect(await gone(c.ofAssignment)).toBe(true);
      expect(await gone(c.work)).toBe(true);
      expect(await gone(c.own)).toBe(false);
      expect(await gone(c.ofPost)).toBe(false);
    });
  });
});
