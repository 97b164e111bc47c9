import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router';
import { matchingsKey } from '../features/reports/api/matchings';
import { useCourseContext } from '../lib/course-context';

const PeerReviewPage = lazy(() =>
  import('../features/reviewing/components/PeerReview').then((m) => ({ default: m.PeerReviewPage })),
);

/**
 * `…/assignments/{aid}/matchings/fill-in/{matchingId}`: the instructor or an assistant writes a
 * fill-in review (issue 33) on the learner's review page — the essay without its author's name,
 * the rubric beside it; "back" returns to the matching page.
 */
export function FillInReviewRoute() {
  const { courseId } = useCourseContext();
  const params = useParams();
  const assignmentId = Number(params.assignmentId);
  const queryClient = useQueryClient();
  // Back on the matching page, the review shows as written.
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: matchingsKey(courseId, assignmentId) }),
    [queryClient, courseId, assignmentId],
  );
  return (
    <Suspense
      fallback={
        <Center mih={160} aria-busy="true">
          <Loader />
        </Center>
      }
    >
      <PeerReviewPage key={params.matchingId} ids={{ courseId, assignmentId }} />
    </Suspense>
  );
}
