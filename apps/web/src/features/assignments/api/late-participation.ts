import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentsKey } from '../../../lib/query-keys';

/** POST …/late-participation/: 1 when the assignment has not started, else 2 (waiting for approval); 406 once complete. */
export function requestLateParticipation(courseId: number, assignmentId: number) {
  return callEndpoint(endpoints.requestLateParticipation, { params: { id: courseId, aid: assignmentId } });
}

export function useLateParticipation(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: number) => requestLateParticipation(courseId, assignmentId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: assignmentsKey(courseId) }),
  });
}
