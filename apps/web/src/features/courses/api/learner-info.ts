import type { EndpointResponse } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { courseKey } from '../../../lib/query-keys';

export type LearnerInfo = EndpointResponse<typeof endpoints.getLearnerInfo>;

/** GET /courses/{id}/learner-info/: the user's own student ID and assistant flag. */
export function fetchLearnerInfo(courseId: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.getLearnerInfo, { params: { id: courseId }, signal });
}

export function learnerInfoQuery(courseId: number) {
  return queryOptions({
    queryKey: [...courseKey(courseId), 'learner-info'] as const,
    queryFn: ({ signal }) => fetchLearnerInfo(courseId, signal),
  });
}

export function useLearnerInfo(courseId: number, enabled = true) {
  return useQuery({ ...learnerInfoQuery(courseId), enabled });
}
