import * as endpoints from '@pw/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

/** PATCH …/attendance/: records that a participating learner has read the task information. */
export function recordAttendance(courseId: number, assignmentId: number) {
  return callEndpoint(endpoints.recordAttendance, { params: { id: courseId, aid: assignmentId } });
}

export function useRecordAttendance(courseId: number, assignmentId: number) {
  return useMutation({ mutationFn: () => recordAttendance(courseId, assignmentId) });
}
