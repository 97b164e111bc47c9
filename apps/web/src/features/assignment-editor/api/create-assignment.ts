import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadEndpoint } from '../../../lib/endpoint-client';
import { appendAll } from '../../../lib/files';
import { assignmentsKey } from '../../../lib/query-keys';

/** POST /courses/{id}/assignments/ (multipart: the editor fields, `progresses` as JSON, `files`). */
export function createAssignment(courseId: number, form: FormData, files: File[]) {
  appendAll(form, 'files', files);
  return uploadEndpoint(endpoints.createAssignment, { params: { id: courseId }, formData: form });
}

export function useCreateAssignment(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, files }: { form: FormData; files: File[] }) =>
      createAssignment(courseId, form, files),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assignmentsKey(courseId) });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
