import * as endpoints from '@pw/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

type Ids = { courseId: number; assignmentId: number };
const path = (ids: Ids) => ({ id: ids.courseId, aid: ids.assignmentId });

export const peerReviewKey = (ids: Ids, matchingId: number) =>
  [...assignmentKey(ids.courseId, ids.assignmentId), 'peer-review', matchingId] as const;

export function usePeerReview(ids: Ids, matchingId: number) {
  return useQuery({
    queryKey: peerReviewKey(ids, matchingId),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getPeerReview, { params: { ...path(ids), mid: matchingId }, signal }),
  });
}

export function savePeerReview(
  ids: Ids,
  matchingId: number,
  responses: { id: number; point: number; comment: string }[],
) {
  return callEndpoint(endpoints.savePeerReview, {
    params: { ...path(ids), mid: matchingId },
    body: { id: matchingId, responses },
  });
}

/** A learner who finished their reviews takes one more (answers the new review's id). */
export const reviewOneMore = (ids: Ids) => callEndpoint(endpoints.reviewOneMore, { params: path(ids) });

export function rateReview(ids: Ids, matchingId: number, point: number, comment: string) {
  return callEndpoint(endpoints.rateReview, {
    params: { ...path(ids), mid: matchingId },
    body: { id: matchingId, point, comment },
  });
}

export const createObjection = (ids: Ids, matching: number, comment: string) =>
  callEndpoint(endpoints.createObjection, { params: path(ids), body: { matching, comment } });
export const updateObjection = (ids: Ids, id: number, comment: string) =>
  callEndpoint(endpoints.updateObjection, { params: { ...path(ids), oid: id }, body: { comment } });
export const withdrawObjection = (ids: Ids, id: number) =>
  callEndpoint(endpoints.withdrawObjection, { params: { ...path(ids), oid: id } });
