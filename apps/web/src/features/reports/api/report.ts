import type { EndpointBody } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

export const reportKey = (courseId: number, assignmentId: number, reportId: number) =>
  [...assignmentKey(courseId, assignmentId), 'reports', reportId] as const;

export function reportQuery(courseId: number, assignmentId: number, reportId: number) {
  return queryOptions({
    queryKey: reportKey(courseId, assignmentId, reportId),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getReport, {
        params: { id: courseId, aid: assignmentId, rid: reportId },
        signal,
      }),
  });
}

export function useReport(courseId: number, assignmentId: number, reportId: number | null) {
  return useQuery({ ...reportQuery(courseId, assignmentId, reportId ?? 0), enabled: (reportId ?? 0) > 0 });
}

/** PATCH …/reports/{id}/ `{comment}`, `{revisement_score}` or `{initialise}` (instructor and assistants). */
export function useUpdateReport(courseId: number, assignmentId: number, reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.updateReport>) =>
      callEndpoint(endpoints.updateReport, {
        params: { id: courseId, aid: assignmentId, rid: reportId },
        body,
      }),
    onSuccess: (report) => queryClient.setQueryData(reportKey(courseId, assignmentId, reportId), report),
  });
}
