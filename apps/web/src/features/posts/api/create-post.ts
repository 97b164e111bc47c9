import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadEndpoint } from '../../../lib/endpoint-client';
import { appendAll } from '../../../lib/files';
import { postsKey } from './posts';

export type CreatePostValues = {
  title: string;
  content: string;
  /** Sent only when the author may post notices (instructor or assistant). */
  is_notice?: boolean;
  /** Poll options; empty for a post without a poll. */
  options: string[];
  files: File[];
};

/** POST /courses/{id}/posts/ (multipart). */
export function createPost(courseId: number, values: CreatePostValues) {
  const form = new FormData();
  form.append('title', values.title);
  form.append('content', values.content);
  if (values.is_notice !== undefined) form.append('is_notice', String(values.is_notice));
  appendAll(form, 'options', values.options);
  appendAll(form, 'files', values.files);
  return uploadEndpoint(endpoints.createPost, { params: { id: courseId }, formData: form });
}

export function useCreatePost(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CreatePostValues) => createPost(courseId, values),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postsKey(courseId) }),
  });
}
