import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { userCoursesQuery } from './user-courses';

/** DELETE /courses/{id}/ (instructor only). */
export function deleteCourse(courseId: number) {
  return callEndpoint(endpoints.deleteCourse, { params: { id: courseId } });
}

export function useDeleteCourse(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCourse(courseId),
    // The course's own queries are left alone (refetching them would 404); they go with the page.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userCoursesQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
