import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { postsKey } from './posts';

/** DELETE /courses/{id}/posts/{postId}/ (the author only). */
export function deletePost(courseId: number, postId: number) {
  return apiFetch<void>(`/courses/${courseId}/posts/${postId}/`, { method: 'DELETE' });
}

export function useDeletePost(courseId: number, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(courseId, postId),
    // The detail query is left alone (refetching it would 404); it goes once the page closes.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...postsKey(courseId), 'list'] }),
  });
}
