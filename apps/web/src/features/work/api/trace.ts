import type { EndpointBody, RevisionTrace } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { performanceKey } from './performance';

/** The revision's trace of the comments received (issue 34, item 4). */
export const traceKey = (courseId: number, assignmentId: number, performanceId: number) =>
  [...performanceKey(courseId, assignmentId, performanceId), 'trace'] as const;

/** GET …/performances/{pid}/trace/ (the author and the assignment's managers). */
export function useRevisionTrace(courseId: number, assignmentId: number, performanceId: number) {
  return useQuery({
    queryKey: traceKey(courseId, assignmentId, performanceId),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getRevisionTrace, {
        params: { id: courseId, aid: assignmentId, pid: performanceId },
        signal,
      }),
  });
}

/** PATCH …/performances/{pid}/trace/ `{marks}` (the author, while the revision is open). */
export function useSaveTrace(courseId: number, assignmentId: number, performanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.saveRevisionTrace>) =>
      callEndpoint(endpoints.saveRevisionTrace, {
        params: { id: courseId, aid: assignmentId, pid: performanceId },
        body,
      }),
    onSuccess: (trace: RevisionTrace) =>
      queryClient.setQueryData(traceKey(courseId, assignmentId, performanceId), trace),
  });
}
