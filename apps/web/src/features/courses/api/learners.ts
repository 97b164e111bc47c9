import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { learnersKey } from '../../../lib/query-keys';

/** GET /courses/{id}/learners/ (instructor or assistant; withdrawn learners included). */
export function fetchLearners(courseId: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.listLearners, { params: { id: courseId }, signal });
}

export function learnersQuery(courseId: number) {
  return queryOptions({
    queryKey: learnersKey(courseId),
    queryFn: ({ signal }) => fetchLearners(courseId, signal),
  });
}

export function useLearners(courseId: number, enabled = true) {
  return useQuery({ ...learnersQuery(courseId), enabled });
}
