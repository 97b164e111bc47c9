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

/** GET …/assignments/weights/ (instructor and assistants): the weight of each completed assignment. */
export function useWeights(courseId: number) {
  return useQuery({
    queryKey: [...resultsKey(courseId), 'weights'] as const,
    queryFn: ({ signal }) => callEndpoint(endpoints.getWeights, { params: { id: courseId }, signal }),
  });
}

/**
 * GET /courses/{id}/scores-by-learner/: the caller's own scores, or (the instructor and assistants
 * without an enrolment) the class's line; both carry the class averages the results chart draws.
 */
export function useScoresByLearner(courseId: number) {
  return usePersonalScore(courseId, null);
}

/** PATCH …/assignments/weights/ (the instructor); the results, weights and scores refresh (one key prefix). */
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
