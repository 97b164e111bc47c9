import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { courseDetailKey, learnersKey } from '../../../lib/query-keys';

const rosterKey = (courseId: number) => [...learnersKey(courseId), 'lti-roster'] as const;

/** GET /courses/{id}/lti/roster/: whether the course syncs its roster from an LMS (managers). */
export function useRosterStatus(courseId: number, enabled = true) {
  return useQuery({
    queryKey: rosterKey(courseId),
    queryFn: ({ signal }) => callEndpoint(endpoints.getRosterStatus, { params: { id: courseId }, signal }),
    enabled,
  });
}

/** POST /courses/{id}/lti/roster-sync/: syncs now; then the learner list and the course refresh. */
export function useSyncRoster(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(endpoints.syncRoster, { params: { id: courseId } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: learnersKey(courseId) });
      await queryClient.invalidateQueries({ queryKey: courseDetailKey(courseId) });
    },
  });
}
