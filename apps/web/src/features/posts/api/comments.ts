import type { Comment } from '@pw/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** GET /posts/{postId}/comments/. */
export function fetchComments(postId: number, signal?: AbortSignal) {
  return apiFetch<Comment[]>(`/posts/${postId}/comments/`, { signal });
}

export function commentsQuery(postId: number) {
  return queryOptions({
    queryKey: ['posts', postId, 'comments'] as const,
    queryFn: ({ signal }) => fetchComments(postId, signal),
  });
}

export function useComments(postId: number) {
  return useQuery(commentsQuery(postId));
}
