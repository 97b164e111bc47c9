import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { postQuery } from './post';
import { postsKey } from './posts';

/** POST /courses/{id}/posts/{postId}/vote/: vote, or change the vote; answers the post. */
export function vote(courseId: number, postId: number, option: number) {
  return callEndpoint(endpoints.vote, { params: { id: courseId, postId }, body: { option } });
}

export function useVote(courseId: number, postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: number) => vote(courseId, postId, option),
    onSuccess: (post) => {
      queryClient.setQueryData(postQuery(courseId, postId).queryKey, post);
      void queryClient.invalidateQueries({ queryKey: [...postsKey(courseId), 'list'] });
    },
  });
}
