import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { commentsQuery } from './comments';

/** POST /posts/{postId}/comments/. */
export function createComment(postId: number, content: string) {
  return callEndpoint(endpoints.createComment, { params: { postId }, body: { content } });
}

export function useCreateComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createComment(postId, content),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: commentsQuery(postId).queryKey }),
  });
}
