import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, multipart } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { files } from '../../db/schema';
import { newAssignment, postBy, t, usePermissionWorld, w } from './permissions.test-kit';

usePermissionWorld();
// These tests once ran after the permission matrix, which had made (and started) assignments of
// the course: assignment 1 and performance 1 existed, so the outsider's 404 for them is a refusal,
// not a missing row. The same steps make them here.
beforeAll(async () => {
  const a = await newAssignment();
  await call(t, {
    method: 'PATCH',
    url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/move-to-next-stage/`,
    token: w.tokens.instructor,
  });
});

describe('a caller who may not act is refused before the form is read', () => {
  // Services read a multipart form only once their permission checks pass: a refused caller
  // gets 403/404 (never 400 for the form's faults) and none of the files they sent is stored.
  it.each([
    { actor: 'learner', status: 403, method: 'POST', url: () => '/api/v1/courses/' },
    { actor: 'learner', status: 403, method: 'PATCH', url: () => `/api/v1/courses/${w.course.id}/` },
    { actor: 'outsider', status: 404, method: 'PATCH', url: () => `/api/v1/courses/${w.course.id}/` },
    {
      actor: 'learner',
      status: 403,
      method: 'POST',
      url: () => `/api/v1/courses/${w.course.id}/assignments/`,
    },
    {
      actor: 'outsider',
      status: 404,
      method: 'POST',
      url: () => `/api/v1/courses/${w.course.id}/assignments/`,
    },
    { actor: 'withdrawn', status: 403, method: 'POST', url: () => `/api/v1/courses/${w.course.id}/posts/` },
    {
      actor: 'outsider',
      status: 404,
      method: 'PATCH',
      url: async () => `/api/v1/courses/${w.course.id}/posts/${(await postBy(w.users.learner.id)).id}/`,
    },
    {
      actor: 'outsider',
      status: 404,
      method: 'PATCH',
      url: () => `/api/v1/courses/${w.course.id}/assignments/1/performances/1/`,
    },
  ])('$method $actor → $status', async (c) => {
    const name = `refused-${c.actor}-${c.method}-${Math.random().toString(36).slice(2)}.pdf`;
    const res = await call(t, {
      method: c.method as 'POST' | 'PATCH',
      url: await c.url(),
      token: w.tokens[c.actor as Actor],
      // Broken fields (a name far too long, progresses that are not JSON) and a file.
      ...multipart({ name: 'x'.repeat(5000), progresses: '{', title: '' }, [
        { name, content: '%PDF-1.4\n', type: 'application/pdf' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(c.status);
    expect(await t.database.db.select().from(files).where(eq(files.originalName, name))).toEqual([]);
  });

  it('a JSON save of work is refused (404) before its stage_object is judged', async () => {
    const res = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/assignments/1/performances/1/`,
      token: w.tokens.outsider,
      payload: { stage_object: 'not json', version: -1 },
    });
    expect(res.statusCode, res.body).toBe(404);
  });
});
