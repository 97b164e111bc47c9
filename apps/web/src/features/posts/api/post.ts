import type { Post } from '@pw/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { postsKey } from './posts';

/** GET /courses/{id}/posts/{postId}/. */
export function fetchPost(courseId: number, postId: number, signal?: AbortSignal) {
  return apiFetch<Post>(`/courses/${courseId}/posts/${postId}/`, { signal });
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
