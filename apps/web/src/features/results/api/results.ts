import type { CourseResults, PersonalScore, Weight, WeightsUpdate } from '@pw/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { apiDownload } from '../../../lib/api-transfer';

const resultsKey = (courseId: number) => ['courses', courseId, 'results'] as const;

/** GET /courses/{id}/results/ (instructor and assistants). */
export function useCourseResults(courseId: number) {
  return useQuery({
    queryKey: resultsKey(courseId),
    queryFn: ({ signal }) => apiFetch<CourseResults>(`/courses/${courseId}/results/`, { signal }),
  });
}

/** PATCH …/assignments/weights/ (the instructor); the results refresh with the new conversion scores. */
export function useUpdateWeights(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WeightsUpdate) =>
      apiFetch<Weight[]>(`/courses/${courseId}/assignments/weights/`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultsKey(courseId) }),
  });
}

/** GET …/results/export/: the results workbook, with the bytes received so far. */
export function downloadResults(courseId: number, onProgress?: (bytes: number) => void) {
  return apiDownload(`/courses/${courseId}/results/export/`, {
    fallbackName: `course-${courseId}-results.xlsx`,
    onProgress,
  });
}

/** A learner's scores by assignment: someone's (personal score) or the caller's own (my score). */
export function usePersonalScore(courseId: number, enrollId: number | null) {
  return useQuery({
    queryKey: [...resultsKey(courseId), 'personal', enrollId ?? 'mine'] as const,
    queryFn: ({ signal }) =>
      apiFetch<PersonalScore>(
        enrollId === null
          ? `/courses/${courseId}/scores-by-learner/`
          : `/courses/${courseId}/enrolls/${enrollId}/personal-score/`,
        { signal },
      ),
  });
}
