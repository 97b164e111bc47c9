import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

/** GET /posts/{postId}/comments/. */
export function fetchComments(postId: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.listComments, { params: { postId }, signal });
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
