import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadEndpoint } from '../../../lib/endpoint-client';
import { appendAll } from '../../../lib/files';
import { postQuery } from './post';
import { postsKey } from './posts';

export type UpdatePostValues = {
  title: string;
  content: string;
  is_notice?: boolean;
  files: File[];
  delete_files: number[];
};

/** PATCH /courses/{id}/posts/{postId}/ (multipart; the author only). */
export function updatePost(courseId: number, postId: number, values: UpdatePostValues) {
  const form = new FormData();
  form.append('title', values.title);
  form.append('content', values.content);
  if (values.is_notice !== undefined) form.append('is_notice', String(values.is_notice));
  appendAll(form, 'files', values.files);
  appendAll(form, 'delete_files', values.delete_files);
  return uploadEndpoint(endpoints.updatePost, { params: { id: courseId, postId }, formData: form });
}

export function useUpdatePost(courseId: number, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdatePostValues) => updatePost(courseId, postId, values),
    onSuccess: (post) => {
      queryClient.setQueryData(postQuery(courseId, postId).queryKey, post);
      void queryClient.invalidateQueries({ queryKey: postsKey(courseId) });
    },
  });
}
