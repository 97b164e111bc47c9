import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { commentsQuery } from './comments';

/** DELETE /posts/{postId}/comments/{commentId}/ (the comment's author only). */
export function deleteComment(postId: number, commentId: number) {
  return apiFetch<void>(`/posts/${postId}/comments/${commentId}/`, { method: 'DELETE' });
}

export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(postId, commentId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentsQuery(postId).queryKey }),
  });
}
