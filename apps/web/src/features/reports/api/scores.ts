import type { ScoreTable } from '@pw/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

export const scoresKey = (courseId: number, assignmentId: number) =>
  [...assignmentKey(courseId, assignmentId), 'scores'] as const;

/** GET …/scores/ (instructor and assistants). */
export function useScores(courseId: number, assignmentId: number) {
  return useQuery({
    queryKey: scoresKey(courseId, assignmentId),
    queryFn: ({ signal }) =>
      apiFetch<ScoreTable>(`/courses/${courseId}/assignments/${assignmentId}/scores/`, { signal }),
  });
}

export type InstructorReview = {
  id: number;
  reviewer_name: string;
  target_name: string;
  instructor_comment: string | null;
  responses: {
    id: number;
    point: number | null;
    edited_point: number | null;
    comment: string;
    standard: { question: string; max_point: number };
  }[];
};

export function fetchInstructorReview(courseId: number, assignmentId: number, matchingId: number) {
  return apiFetch<InstructorReview>(
    `/courses/${courseId}/assignments/${assignmentId}/performances/peerreview-matching/${matchingId}/instructor/`,
  );
}

export function adjustReview(
  courseId: number,
  assignmentId: number,
  matchingId: number,
  body: { responses: { id: number; edited_point: number | null }[]; instructor_comment: string },
) {
  return apiFetch<InstructorReview>(
    `/courses/${courseId}/assignments/${assignmentId}/performances/peerreview-matching/${matchingId}/instructor/`,
    { method: 'PATCH', body },
  );
}
