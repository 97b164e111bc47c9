import * as endpoints from '@pw/contract/endpoints';
import { describe, expect, it } from 'vitest';
import { endpointUrl } from './api';

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
