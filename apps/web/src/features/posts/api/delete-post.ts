import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { postsKey } from './posts';

/** DELETE /courses/{id}/posts/{postId}/ (the author only). */
export function deletePost(courseId: number, postId: number) {
  return callEndpoint(endpoints.deletePost, { params: { id: courseId, postId } });
}

export function useDeletePost(courseId: number, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(courseId, postId),
    // The detail query is left alone (refetching it would 404); it goes once the page closes.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...postsKey(courseId), 'list'] }),
  });
}
