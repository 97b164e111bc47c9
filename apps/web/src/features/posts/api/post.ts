import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { postsKey } from './posts';

/** GET /courses/{id}/posts/{postId}/. */
export function fetchPost(courseId: number, postId: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.getPost, { params: { id: courseId, postId }, signal });
}

export function postQuery(courseId: number, postId: number) {
  return queryOptions({
    queryKey: [...postsKey(courseId), 'detail', postId] as const,
    queryFn: ({ signal }) => fetchPost(courseId, postId, signal),
  });
}

export function usePost(courseId: number, postId: number) {
  return useQuery(postQuery(courseId, postId));
}
