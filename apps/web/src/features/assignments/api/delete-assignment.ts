import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentsQuery } from '../../../lib/assignment-queries';

/** DELETE /courses/{id}/assignments/{aid}/ (instructor or assistant). */
export function deleteAssignment(courseId: number, assignmentId: number) {
  return callEndpoint(endpoints.deleteAssignment, { params: { id: courseId, aid: assignmentId } });
}

export function useDeleteAssignment(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAssignment(courseId, assignmentId),
    // The detail query is left alone (refetching it would 404); it goes once the page closes.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assignmentsQuery(courseId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
