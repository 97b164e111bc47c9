import type { Post } from '@pw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { postQuery } from './post';
import { postsKey } from './posts';

/** POST /courses/{id}/posts/{postId}/vote/: vote, or change the vote; answers the post. */
export function vote(courseId: number, postId: number, option: number) {
  return apiFetch<Post>(`/courses/${courseId}/posts/${postId}/vote/`, { method: 'POST', body: { option } });
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
