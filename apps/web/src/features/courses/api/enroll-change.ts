import type { EndpointBody, LearnerRow } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { courseDetailKey, learnersKey } from '../../../lib/query-keys';

export type EnrollChange = EndpointBody<typeof endpoints.changeEnroll>;

/** PATCH /enrolls/{id}/enroll-change/: withdraw or re-admit; make or unmake an assistant (instructor). */
export function changeEnroll(enrollId: number, body: EnrollChange) {
  return callEndpoint(endpoints.changeEnroll, { params: { id: enrollId }, body });
}

/**
 * Student management's mutation (the course's learner list owns it, so it lives with `learners.ts`).
 * Shows the change in the learner list at once and rolls it back if the server refuses; then
 * refreshes the list and the course (its learner count).
 */
export function useChangeEnroll(courseId: number) {
  const queryClient = useQueryClient();
  const listKey = learnersKey(courseId);
  return useMutation({
    mutationFn: ({ enrollId, ...body }: EnrollChange & { enrollId: number }) => changeEnroll(enrollId, body),
    onMutate: async ({ enrollId, ...body }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<LearnerRow[]>(listKey);
      queryClient.setQueryData<LearnerRow[]>(listKey, (rows) =>
        rows?.map((r) =>
          r.id === enrollId
            ? {
                ...r,
                ...body,
                // A withdrawn learner is no assistant any more.
                is_assistant: body.is_active === false ? false : (body.is_assistant ?? r.is_assistant),
              }
            : r,
        ),
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: courseDetailKey(courseId) });
    },
  });
}
