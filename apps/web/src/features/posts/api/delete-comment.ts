import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { commentsQuery } from './comments';

/** DELETE /posts/{postId}/comments/{commentId}/ (the comment's author only). */
export function deleteComment(postId: number, commentId: number) {
  return callEndpoint(endpoints.deleteComment, { params: { postId, commentId } });
}

export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(postId, commentId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentsQuery(postId).queryKey }),
  });
}
