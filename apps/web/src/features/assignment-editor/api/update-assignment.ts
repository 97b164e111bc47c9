import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentQuery } from '../../../lib/assignment-queries';
import { uploadEndpoint } from '../../../lib/endpoint-client';
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
  return uploadEndpoint(endpoints.updateAssignment, {
    params: { id: courseId, aid: assignmentId },
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
