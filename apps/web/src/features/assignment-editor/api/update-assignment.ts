import type { Assignment } from '@pw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-transfer';
import { assignmentQuery } from '../../../lib/assignment-queries';
import { appendAll } from '../../../lib/files';
import { assignmentsKey } from '../../../lib/query-keys';

/** PATCH /courses/{id}/assignments/{aid}/ (multipart, plus `delete_files` ids to remove). */
export function updateAssignment(
  courseId: number,
  assignmentId: number,
  form: FormData,
  files: File[],
  deleteFiles: number[],
) {
  appendAll(form, 'files', files);
  appendAll(form, 'delete_files', deleteFiles);
  return apiUpload<Assignment>(`/courses/${courseId}/assignments/${assignmentId}/`, {
    method: 'PATCH',
    formData: form,
  });
}

export function useUpdateAssignment(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, files, deleteFiles }: { form: FormData; files: File[]; deleteFiles: number[] }) =>
      updateAssignment(courseId, assignmentId, form, files, deleteFiles),
    onSuccess: (assignment) => {
      queryClient.setQueryData(assignmentQuery(courseId, assignmentId).queryKey, assignment);
      void queryClient.invalidateQueries({ queryKey: assignmentsKey(courseId) });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
