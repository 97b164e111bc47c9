import type { EnrollCreateInput } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { userCoursesKey } from '../../../lib/query-keys';

/**
 * POST /enrolls/: enrol with the course code and a student ID. 404 unknown course, 403 withdrawn
 * (`course_withdrawn`) or closed to registration (`course_closed`), 406 already enrolled.
 */
export function createEnroll(body: { code: string; course_code: string }) {
  return callEndpoint(endpoints.createEnroll, { body });
}

export function useCreateEnroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollCreateInput) => createEnroll({ code: body.code, course_code: body.course_code }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userCoursesKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
