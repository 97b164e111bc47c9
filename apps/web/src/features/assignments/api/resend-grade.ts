import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { gradeSendsQuery } from './management';

/** POST …/lti/grades/{enrollmentId}/resend/: a manager sends a failed LMS grade again. */
export function useResendGrade(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enrollmentId: number) =>
      callEndpoint(endpoints.resendGrade, { params: { id: courseId, aid: assignmentId, eid: enrollmentId } }),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: gradeSendsQuery(courseId, assignmentId).queryKey }),
  });
}
