import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { learnerInfoQuery } from './learner-info';
import { learnersQuery } from './learners';

/**
 * PATCH /courses/{id}/code-change/: a learner edits their own student ID; the instructor or an
 * assistant passes `enroll` (the enrolment id) to edit a learner's.
 */
export function changeCode(courseId: number, body: { code: string; enroll?: number }) {
  return callEndpoint(endpoints.changeCode, { params: { id: courseId }, body });
}

export function useChangeCode(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; enroll?: number }) => changeCode(courseId, body),
    onSuccess: (_, body) => {
      const key = body.enroll === undefined ? learnerInfoQuery(courseId) : learnersQuery(courseId);
      void queryClient.invalidateQueries({ queryKey: key.queryKey });
    },
  });
}
