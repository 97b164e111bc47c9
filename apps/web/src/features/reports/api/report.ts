import type { Report } from '@pw/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

export const reportKey = (courseId: number, assignmentId: number, reportId: number) =>
  [...assignmentKey(courseId, assignmentId), 'reports', reportId] as const;

export function reportQuery(courseId: number, assignmentId: number, reportId: number) {
  return queryOptions({
    queryKey: reportKey(courseId, assignmentId, reportId),
    queryFn: ({ signal }) =>
      apiFetch<Report>(`/courses/${courseId}/assignments/${assignmentId}/reports/${reportId}/`, { signal }),
  });
}

export function useReport(courseId: number, assignmentId: number, reportId: number | null) {
  return useQuery({ ...reportQuery(courseId, assignmentId, reportId ?? 0), enabled: (reportId ?? 0) > 0 });
}

/** PATCH …/reports/{id}/ `{comment}`, `{revisement_score}` or `{initialise}` (instructor and assistants). */
export function useUpdateReport(courseId: number, assignmentId: number, reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      comment?: { content: string };
      revisement_score?: number | null;
      initialise?: true;
    }) =>
      apiFetch<Report>(`/courses/${courseId}/assignments/${assignmentId}/reports/${reportId}/`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: (report) => queryClient.setQueryData(reportKey(courseId, assignmentId, reportId), report),
  });
}
