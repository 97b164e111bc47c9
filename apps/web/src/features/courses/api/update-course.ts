import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadEndpoint } from '../../../lib/endpoint-client';
import { appendAll } from '../../../lib/files';
import { courseQuery } from './course';
import { userCoursesQuery } from './user-courses';

export type UpdateCourseValues = {
  name: string;
  description: string;
  is_open: boolean;
  files: File[];
  delete_files: number[];
};

/** PATCH /courses/{id}/ (multipart; instructor or assistant). */
export function updateCourse(courseId: number, values: UpdateCourseValues) {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('is_open', String(values.is_open));
  appendAll(form, 'files', values.files);
  appendAll(form, 'delete_files', values.delete_files);
  return uploadEndpoint(endpoints.updateCourse, { params: { id: courseId }, formData: form });
}

export function useUpdateCourse(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateCourseValues) => updateCourse(courseId, values),
    onSuccess: (course) => {
      queryClient.setQueryData(courseQuery(courseId).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: userCoursesQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
