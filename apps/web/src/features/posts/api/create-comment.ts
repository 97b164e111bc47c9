import type { Comment } from '@pw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { commentsQuery } from './comments';

/** POST /posts/{postId}/comments/. */
export function createComment(postId: number, content: string) {
  return apiFetch<Comment>(`/posts/${postId}/comments/`, { method: 'POST', body: { content } });
}

export function useCreateComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createComment(postId, content),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentsQuery(postId).queryKey }),
  });
}
