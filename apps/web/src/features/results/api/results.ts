import type { WeightsUpdate } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { downloadEndpoint } from '../../../lib/endpoint-client';

const resultsKey = (courseId: number) => ['courses', courseId, 'results'] as const;

/** GET /courses/{id}/results/ (instructor and assistants). */
export function useCourseResults(courseId: number) {
  return useQuery({
    queryKey: resultsKey(courseId),
    queryFn: ({ signal }) => callEndpoint(endpoints.getCourseResults, { params: { id: courseId }, signal }),
  });
}

/** PATCH …/assignments/weights/ (the instructor); the results refresh with the new conversion scores. */
export function useUpdateWeights(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WeightsUpdate) =>
      callEndpoint(endpoints.updateWeights, { params: { id: courseId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultsKey(courseId) }),
  });
}

/** GET …/results/export/: the results workbook, with the bytes received so far. */
export function downloadResults(courseId: number, onProgress?: (bytes: number) => void) {
  return downloadEndpoint(endpoints.exportCourseResults, {
    params: { id: courseId },
    fallbackName: `course-${courseId}-results.xlsx`,
    onProgress,
  });
}

/** A learner's scores by assignment: someone's (personal score) or the caller's own (my score). */
export function usePersonalScore(courseId: number, enrollId: number | null) {
  return useQuery({
    queryKey: [...resultsKey(courseId), 'personal', enrollId ?? 'mine'] as const,
    queryFn: ({ signal }) =>
      enrollId === null
        ? callEndpoint(endpoints.getMyScore, { params: { id: courseId }, signal })
        : callEndpoint(endpoints.getPersonalScore, { params: { id: courseId, eid: enrollId }, signal }),
  });
}
