import type { EndpointBody, EndpointResponse } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

export const scoresKey = (courseId: number, assignmentId: number) =>
  [...assignmentKey(courseId, assignmentId), 'scores'] as const;

/** GET …/scores/ (instructor and assistants). */
export function useScores(courseId: number, assignmentId: number) {
  return useQuery({
    queryKey: scoresKey(courseId, assignmentId),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getScores, { params: { id: courseId, aid: assignmentId }, signal }),
  });
}

/** A peer review as the instructor sees it (names, adjusted points, audit trail). */
export type InstructorReview = EndpointResponse<typeof endpoints.getInstructorReview>;

export function fetchInstructorReview(courseId: number, assignmentId: number, matchingId: number) {
  return callEndpoint(endpoints.getInstructorReview, {
    params: { id: courseId, aid: assignmentId, mid: matchingId },
  });
}

export function adjustReview(
  courseId: number,
  assignmentId: number,
  matchingId: number,
  body: EndpointBody<typeof endpoints.adjustReview>,
) {
  return callEndpoint(endpoints.adjustReview, {
    params: { id: courseId, aid: assignmentId, mid: matchingId },
    body,
  });
}

/** The points an adjustment (or an accepted objection) would set on one review. */
export type ProposedPoints = EndpointBody<typeof endpoints.previewAdjustment>['responses'];

/**
 * POST …/instructor/preview/: whose totals those points would move, and by how much (nothing
 * saved). Asked again whenever the proposal changes; the last answer stays shown meanwhile.
 */
export function useAdjustmentPreview(
  ids: { courseId: number; assignmentId: number },
  matchingId: number,
  responses: ProposedPoints | null,
) {
  return useQuery({
    queryKey: [...assignmentKey(ids.courseId, ids.assignmentId), 'preview', matchingId, responses] as const,
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.previewAdjustment, {
        params: { id: ids.courseId, aid: ids.assignmentId, mid: matchingId },
        body: { responses: responses ?? [] },
        signal,
      }),
    enabled: responses !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST …/release-scores/: releases a held assignment's scores to its learners (idempotent). */
export function useReleaseScores(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(endpoints.releaseScores, { params: { id: courseId, aid: assignmentId } }),
    // The assignment (and its scores page) under its key: both read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKey(courseId, assignmentId) }),
  });
}
