import type { Assignment } from '@pw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-transfer';
import { appendAll } from '../../../lib/files';
import { assignmentsKey } from '../../../lib/query-keys';

/** POST /courses/{id}/assignments/ (multipart: the editor fields, `progresses` as JSON, `files`). */
export function createAssignment(courseId: number, form: FormData, files: File[]) {
  appendAll(form, 'files', files);
  return apiUpload<Assignment>(`/courses/${courseId}/assignments/`, { formData: form });
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
