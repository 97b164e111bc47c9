import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api';
import { assignmentKey, assignmentsKey } from './query-keys';

// The assignment queries that several features read (the course's list, one assignment): the
// course page, the editor, the management page, the learner's tabs, reviewing and reports.

/** GET /courses/{id}/assignments/: newest first; learners see the public ones only. */
export function fetchAssignments(courseId: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.listAssignments, { params: { id: courseId }, signal });
}

export function assignmentsQuery(courseId: number) {
  return queryOptions({
    queryKey: [...assignmentsKey(courseId), 'list'] as const,
    queryFn: ({ signal }) => fetchAssignments(courseId, signal),
  });
}

export function useAssignments(courseId: number) {
  return useQuery(assignmentsQuery(courseId));
}

/** GET /courses/{id}/assignments/{aid}/ (404 for a private one to learners). */
export function fetchAssignment(courseId: number, assignmentId: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.getAssignment, { params: { id: courseId, aid: assignmentId }, signal });
}

export function assignmentQuery(courseId: number, assignmentId: number) {
  return queryOptions({
    queryKey: [...assignmentKey(courseId, assignmentId), 'detail'] as const,
    queryFn: ({ signal }) => fetchAssignment(courseId, assignmentId, signal),
  });
}

export function useAssignment(courseId: number, assignmentId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...assignmentQuery(courseId, assignmentId), enabled: options.enabled ?? true });
}
