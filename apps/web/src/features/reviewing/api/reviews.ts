import type { FeedbackRatingResponse, Objection, PeerReview } from '@pw/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

type Ids = { courseId: number; assignmentId: number };
const base = (ids: Ids) => `/courses/${ids.courseId}/assignments/${ids.assignmentId}`;

export const peerReviewKey = (ids: Ids, matchingId: number) =>
  [...assignmentKey(ids.courseId, ids.assignmentId), 'peer-review', matchingId] as const;

export function usePeerReview(ids: Ids, matchingId: number) {
  return useQuery({
    queryKey: peerReviewKey(ids, matchingId),
    queryFn: ({ signal }) =>
      apiFetch<PeerReview>(`${base(ids)}/performances/peerreview-matching/${matchingId}/`, { signal }),
  });
}

export function savePeerReview(
  ids: Ids,
  matchingId: number,
  responses: { id: number; point: number; comment: string }[],
) {
  return apiFetch<PeerReview>(`${base(ids)}/performances/peerreview-matching/${matchingId}/`, {
    method: 'PATCH',
    body: { id: matchingId, responses },
  });
}

export function rateReview(ids: Ids, matchingId: number, point: number, comment: string) {
  return apiFetch<FeedbackRatingResponse>(
    `${base(ids)}/performances/feedbackreview-matching/${matchingId}/`,
    {
      method: 'PATCH',
      body: { id: matchingId, point, comment },
    },
  );
}

export const createObjection = (ids: Ids, matching: number, comment: string) =>
  apiFetch<Objection>(`${base(ids)}/objections/`, { method: 'POST', body: { matching, comment } });
export const updateObjection = (ids: Ids, id: number, comment: string) =>
  apiFetch<Objection>(`${base(ids)}/objections/${id}/`, { method: 'PATCH', body: { comment } });
export const withdrawObjection = (ids: Ids, id: number) =>
  apiFetch<void>(`${base(ids)}/objections/${id}/`, { method: 'DELETE' });
