import { type Paginated, type Post, UI } from '@pw/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { courseKey } from '../../../lib/query-keys';

/** Every post query of a course starts with this key. */
export const postsKey = (courseId: number) => [...courseKey(courseId), 'posts'] as const;

/** GET /courses/{id}/posts/?page=N&page_size=3: notices first, then newest. */
export function fetchPosts(courseId: number, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), page_size: String(UI.noticeBoardPageSize) });
  return apiFetch<Paginated<Post>>(`/courses/${courseId}/posts/?${query}`, { signal });
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
