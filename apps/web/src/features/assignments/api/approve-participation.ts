import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { managementQuery } from './management';

/** PATCH …/participations/{enrollmentId}/approve/: a manager lets a late learner join. */
export function approveParticipation(courseId: number, assignmentId: number, enrollmentId: number) {
  return apiFetch<{ status: number }>(
    `/courses/${courseId}/assignments/${assignmentId}/participations/${enrollmentId}/approve/`,
    { method: 'PATCH' },
  );
}

export function useApproveParticipation(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enrollmentId: number) => approveParticipation(courseId, assignmentId, enrollmentId),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: managementQuery(courseId, assignmentId).queryKey }),
  });
}
