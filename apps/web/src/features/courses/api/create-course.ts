import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadEndpoint } from '../../../lib/endpoint-client';
import { appendAll } from '../../../lib/files';
import { userCoursesQuery } from './user-courses';

export type CreateCourseValues = {
  name: string;
  description: string;
  is_instructor_learner: boolean;
  files: File[];
};

/** POST /courses/ (multipart; instructors only): answers the new course's id. */
export function createCourse(values: CreateCourseValues) {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('is_instructor_learner', String(values.is_instructor_learner));
  appendAll(form, 'files', values.files);
  return uploadEndpoint(endpoints.createCourse, { formData: form });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userCoursesQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
