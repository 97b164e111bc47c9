import type { MatchingPage } from '@pw/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

export const matchingsKey = (courseId: number, assignmentId: number) =>
  [...assignmentKey(courseId, assignmentId), 'matchings'] as const;

/** GET …/matchings/ (instructor and assistants, in peer review): every reviewer and their targets. */
export function useMatchings(courseId: number, assignmentId: number) {
  return useQuery({
    queryKey: matchingsKey(courseId, assignmentId),
    queryFn: ({ signal }) =>
      apiFetch<MatchingPage>(`/courses/${courseId}/assignments/${assignmentId}/matchings/`, { signal }),
  });
}

/** What a save sends: the automatic matching, or the pairs chosen on the page. */
export type MatchingsReset = { automatic: true } | { matchings: { reviewer: number; target: number }[] };

/** POST …/matchings-reset/: the whole matching at once; the answer replaces the cached page. */
export function useResetMatchings(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchingsReset) =>
      apiFetch<MatchingPage>(`/courses/${courseId}/assignments/${assignmentId}/matchings-reset/`, {
        method: 'POST',
        body,
      }),
    onSuccess: (fresh) => queryClient.setQueryData(matchingsKey(courseId, assignmentId), fresh),
  });
}
