import type { EndpointBody } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

export const matchingsKey = (courseId: number, assignmentId: number) =>
  [...assignmentKey(courseId, assignmentId), 'matchings'] as const;

/** GET …/matchings/ (instructor and assistants, in peer review): every reviewer and their targets. */
export function useMatchings(courseId: number, assignmentId: number) {
  return useQuery({
    queryKey: matchingsKey(courseId, assignmentId),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getMatchings, { params: { id: courseId, aid: assignmentId }, signal }),
  });
}

/** What a save sends: the automatic matching, or the pairs chosen on the page. */
export type MatchingsReset = EndpointBody<typeof endpoints.resetMatchings>;

/** POST …/matchings-reset/: the whole matching at once; the answer replaces the cached page. */
export function useResetMatchings(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchingsReset) =>
      callEndpoint(endpoints.resetMatchings, { params: { id: courseId, aid: assignmentId }, body }),
    onSuccess: (fresh) => queryClient.setQueryData(matchingsKey(courseId, assignmentId), fresh),
  });
}

/** POST …/fill-in/: the instructor or an assistant reviews a queued essay themselves (answers the review's id). */
export const staffFillIn = (courseId: number, assignmentId: number, author: number) =>
  callEndpoint(endpoints.staffFillIn, { params: { id: courseId, aid: assignmentId }, body: { author } });
