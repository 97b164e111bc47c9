import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** PATCH …/attendance/: records that a participating learner has read the task information. */
export function recordAttendance(courseId: number, assignmentId: number) {
  return apiFetch<{ is_completed: boolean; status: number }>(
    `/courses/${courseId}/assignments/${assignmentId}/attendance/`,
    { method: 'PATCH' },
  );
}

export function useRecordAttendance(courseId: number, assignmentId: number) {
  return useMutation({ mutationFn: () => recordAttendance(courseId, assignmentId) });
}
