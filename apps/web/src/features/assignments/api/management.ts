import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { assignmentKey } from './assignment';

/** The student progress table of the management page (part 2 §3). */
export type ManagementTable = {
  current_stage: string;
  /** One per step: how many participants and how many of them finished. */
  headers: { short: string; progress: string; performances: number; finished_performances: number }[];
  /** One row per learner, one cell per step. */
  rows: {
    short: string;
    is_contain: boolean;
    is_completed: boolean;
    finished: number;
    total: number;
    performance_id?: number | null;
  }[][];
  names: {
    pk: number;
    name: string;
    code: string | null;
    status: number;
    attended: boolean;
    is_late: { enrollment_id: number } | null;
    is_essay_late?: boolean;
    essay_late_time?: string | null;
  }[];
};

/** GET /courses/{id}/assignments/{aid}/management/ (instructor or assistant). */
export function fetchManagement(courseId: number, assignmentId: number, signal?: AbortSignal) {
  return apiFetch<ManagementTable>(`/courses/${courseId}/assignments/${assignmentId}/management/`, {
    signal,
  });
}

export function managementQuery(courseId: number, assignmentId: number) {
  return queryOptions({
    queryKey: [...assignmentKey(courseId, assignmentId), 'management'] as const,
    queryFn: ({ signal }) => fetchManagement(courseId, assignmentId, signal),
  });
}

export function useManagement(courseId: number, assignmentId: number) {
  return useQuery(managementQuery(courseId, assignmentId));
}
