import * as endpoints from '@pw/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

// Comments anchored in the essay (issue 34, item 3).

type Ids = { courseId: number; assignmentId: number };
const path = (ids: Ids) => ({ id: ids.courseId, aid: ids.assignmentId });

export type AnchorDraft = { index: number; length: number; quote: string; comment: string };

export const reviewAnchorsKey = (ids: Ids, matchingId: number) =>
  [...assignmentKey(ids.courseId, ids.assignmentId), 'peer-review', matchingId, 'anchors'] as const;

/** The reviewer's anchored comments on the essay of one review. */
export function useReviewAnchors(ids: Ids, matchingId: number) {
  return useQuery({
    queryKey: reviewAnchorsKey(ids, matchingId),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getReviewAnchors, { params: { ...path(ids), mid: matchingId }, signal }),
  });
}

/** Replaces the reviewer's list (adding, editing, deleting). */
export const saveReviewAnchors = (ids: Ids, matchingId: number, anchors: AnchorDraft[]) =>
  callEndpoint(endpoints.saveReviewAnchors, { params: { ...path(ids), mid: matchingId }, body: { anchors } });

/** The comments anchored in the author's essay (their feedback review or revision performance). */
export function useReceivedAnchors(ids: Ids, performanceId: number) {
  return useQuery({
    queryKey: [...assignmentKey(ids.courseId, ids.assignmentId), 'performances', performanceId, 'anchors'],
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getReceivedAnchors, { params: { ...path(ids), pid: performanceId }, signal }),
  });
}
