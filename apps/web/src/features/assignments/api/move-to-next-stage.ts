import type { StageCode } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentQuery, assignmentsQuery } from '../../../lib/assignment-queries';
import { assignmentKey } from '../../../lib/query-keys';

/**
 * PATCH /courses/{id}/assignments/{aid}/move-to-next-stage/ from the stage the confirmation showed
 * (409 `stage_changed` when it moved meanwhile; 406 with a detail once complete).
 */
export function moveToNextStage(courseId: number, assignmentId: number, expectedStage: StageCode) {
  return callEndpoint(endpoints.moveToNextStage, {
    params: { id: courseId, aid: assignmentId },
    body: { expected_stage: expectedStage },
  });
}

export function useMoveToNextStage(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expectedStage: StageCode) => moveToNextStage(courseId, assignmentId, expectedStage),
    onSuccess: (assignment) => {
      queryClient.setQueryData(assignmentQuery(courseId, assignmentId).queryKey, assignment);
      void queryClient.invalidateQueries({ queryKey: assignmentKey(courseId, assignmentId) });
      void queryClient.invalidateQueries({ queryKey: assignmentsQuery(courseId).queryKey });
    },
  });
}
