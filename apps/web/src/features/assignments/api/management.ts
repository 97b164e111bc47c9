import * as endpoints from '@pw/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

/** GET /courses/{id}/assignments/{aid}/management/ (instructor or assistant). */
export function fetchManagement(courseId: number, assignmentId: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.getManagement, { params: { id: courseId, aid: assignmentId }, signal });
}

export function managementQuery(courseId: number, assignmentId: number) {
  return queryOptions({
    queryKey: [...assignmentKey(courseId, assignmentId), 'management'] as const,
    queryFn: ({ signal }) => fetchManagement(courseId, assignmentId, signal),
  });
}

/** GET …/lti/grades/: per learner, whether the grade reached the LMS (LTI-linked assignments). */
export function gradeSendsQuery(courseId: number, assignmentId: number) {
  return queryOptions({
    queryKey: [...assignmentKey(courseId, assignmentId), 'lti-grades'] as const,
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.listGradeSends, { params: { id: courseId, aid: assignmentId }, signal }),
  });
}
