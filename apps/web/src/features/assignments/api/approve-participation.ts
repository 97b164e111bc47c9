import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { managementQuery } from './management';

/** PATCH …/participations/{enrollmentId}/approve/: a manager lets a late learner join. */
export function approveParticipation(courseId: number, assignmentId: number, enrollmentId: number) {
  return callEndpoint(endpoints.approveParticipation, {
    params: { id: courseId, aid: assignmentId, enrollId: enrollmentId },
  });
}

export function useApproveParticipation(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enrollmentId: number) => approveParticipation(courseId, assignmentId, enrollmentId),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: managementQuery(courseId, assignmentId).queryKey }),
  });
}
