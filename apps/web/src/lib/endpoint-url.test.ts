import * as endpoints from '@pw/contract/endpoints';
import { describe, expect, it } from 'vitest';
import { callEndpoint, endpointUrl } from './api';

describe('endpointUrl', () => {
  it('keeps a path without parameters', () => {
    expect(endpointUrl(endpoints.signIn)).toBe('/users/sign-in/');
  });

  it('fills in every path parameter, encoded', () => {
    expect(endpointUrl(endpoints.getPost, { id: 3, postId: 17 })).toBe('/courses/3/posts/17/');
    expect(endpointUrl(endpoints.getUser, { userId: 'a/b c?' })).toBe('/users/a%2Fb%20c%3F/');
    expect(endpointUrl(endpoints.deleteComment, { postId: 1, commentId: 22 })).toBe('/posts/1/comments/22/');
  });

  it('refuses a missing path parameter', () => {
    expect(() => endpointUrl(endpoints.getPost, { id: 3 })).toThrow(/postId/);
    expect(() => endpointUrl(endpoints.getCourse, { id: '' })).toThrow(/getCourse/);
  });

  it('appends the query, leaving out empty values and repeating arrays', () => {
    expect(endpointUrl(endpoints.listPosts, { id: 5 }, { page: 2, page_size: 3 })).toBe(
      '/courses/5/posts/?page=2&page_size=3',
    );
    expect(
      endpointUrl(endpoints.listUsers, {}, { q: '', group: undefined, is_active: 'true', page: null }),
    ).toBe('/users/pages/?is_active=true');
    expect(endpointUrl(endpoints.listUsers, {}, { q: 'kim & lee', tag: ['a', 'b'] })).toBe(
      '/users/pages/?q=kim+%26+lee&tag=a&tag=b',
    );
    expect(endpointUrl(endpoints.listUsers, {}, {})).toBe('/users/pages/');
  });
});

// Compile-time checks (`npm run typecheck` reads this file; the function never runs): a call takes
// exactly the parameters, body and query its endpoint declares, and answers its response type.
export function typedCalls() {
  void callEndpoint(endpoints.getPost, { params: { id: 1, postId: 2 } });
  // @ts-expect-error a path parameter is missing
  void callEndpoint(endpoints.getPost, { params: { id: 1 } });
  // @ts-expect-error the endpoint has a body
  void callEndpoint(endpoints.vote, { params: { id: 1, postId: 2 } });
  // @ts-expect-error the body's shape is the endpoint's
  void callEndpoint(endpoints.vote, { params: { id: 1, postId: 2 }, body: { choice: 1 } });
  // @ts-expect-error a multipart endpoint goes through uploadEndpoint
  void callEndpoint(endpoints.createPost, { params: { id: 1 } });
  // @ts-expect-error the query's values are the schema's
  void callEndpoint(endpoints.listUsers, { query: { is_active: 'yes' } });
  void callEndpoint(endpoints.signOut);
  // A JSON-or-multipart save takes its JSON body through callEndpoint.
  void callEndpoint(endpoints.savePerformance, {
    params: { id: 1, aid: 2, pid: 3 },
    body: { stage_object: { plain_text: 'x' }, version: 1 },
  });
  // @ts-expect-error the save's JSON body is required
  void callEndpoint(endpoints.saveLateEssay, { params: { id: 1, aid: 2, pid: 3 } });
  const role: Promise<{ is_instructor: boolean }> = callEndpoint(endpoints.getCourseRole, {
    params: { id: 1 },
  });
  // @ts-expect-error the answer is the endpoint's response type
  const wrong: Promise<{ nope: string }> = callEndpoint(endpoints.getCourseRole, { params: { id: 1 } });
  return [role, wrong];
}
