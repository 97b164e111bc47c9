import { UI } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { courseKey } from '../../../lib/query-keys';

/** Every post query of a course starts with this key. */
export const postsKey = (courseId: number) => [...courseKey(courseId), 'posts'] as const;

/** GET /courses/{id}/posts/?page=N&page_size=3: notices first, then newest. */
export function fetchPosts(courseId: number, page: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.listPosts, {
    params: { id: courseId },
    query: { page, page_size: UI.noticeBoardPageSize },
    signal,
  });
}

export function postsQuery(courseId: number, page: number) {
  return queryOptions({
    queryKey: [...postsKey(courseId), 'list', page] as const,
    queryFn: ({ signal }) => fetchPosts(courseId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePosts(courseId: number, page: number) {
  return useQuery(postsQuery(courseId, page));
}
