import { Accordion, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type StageModel, UI } from '@pw/contract';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal';
import { IconFileOff } from '../../components/icons';
import { useReceivedAnchors } from '../../features/reviewing/api/anchors';
import { usePerformance } from '../../features/work/api/performance';
import { QuestionsForm } from '../../features/work/components/QuestionsForm';
import { WorkEditor } from '../../features/work/components/WorkEditor';
import { useDeferredResult } from '../../lib/deferred-result';
import { usePerformanceContext } from '../../lib/performance-context';
import { AdjustmentNotice } from './AdjustmentNotice';
import { loadCalibrationStep, loadPeerReviewStep, loadReportStep } from './step-loaders';

/** The empty state of a stage with no work of the learner's (part 2 §2), with an icon. */
function Empty({ message, testId }: { message: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" p="xl" data-testid={testId}>
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconFileOff size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{message}</Text>
        <Text c="dimmed" size="sm" ta="center">
          {t('work.noEssayBody')}
        </Text>
      </Stack>
    </Card>
  );
}

/** Sections of the writing step: side by side cards on a wide screen, accordions on a phone. */
function Sections({ items }: { items: { key: string; title: string; body: ReactNode }[] }) {
  const narrow = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  if (narrow) {
    return (
      <Accordion multiple defaultValue={items.map((i) => i.key)} variant="separated">
        {items.map((i) => (
          <Accordion.Item key={i.key} value={i.key} id={i.key}>
            <Accordion.Control>{i.title}</Accordion.Control>
            <Accordion.Panel>{i.body}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }
  return (
    <Stack gap="xl">
      {items.map((i) => (
        <Stack key={i.key} gap="sm" id={i.key}>
          <Title order={2} size="h4">
            {i.title}
          </Title>
          {i.body}
        </Stack>
      ))}
    </Stack>
  );
}

function Loading() {
  return (
    <Center mih={160} aria-busy="true">
      <Loader />
    </Center>
  );
}

// Each step's own screen loads with that step (issue 35): the essay page does not fetch the
// report's chart (Chart.js) nor the reviewing screens. Opened straight on such a step (a link, a
// reload), the entry asks for its screen at once (page-loaders.ts).
const loadReport = loadReportStep;
const loadPeerReview = loadPeerReviewStep;
const LearnerReport = lazy(() => loadReport().then((m) => ({ default: m.LearnerReport })));
const FeedbackReview = lazy(() =>
  import('../../features/reviewing/components/FeedbackReview').then((m) => ({ default: m.FeedbackReview })),
);
const ReceivedAnchors = lazy(() => import('../../features/reviewing/components/ReceivedAnchors'));
const PeerReviewList = lazy(() => loadPeerReview().then((m) => ({ default: m.PeerReviewList })));
const PeerReviewPage = lazy(() => loadPeerReview().then((m) => ({ default: m.PeerReviewPage })));
// Calibration before the reviews (issue 34, item 1): its own chunk, loaded with the review step.
const CalibrationGate = lazy(loadCalibrationStep);

/**
 * `/performances/:stageKey`: the learner's own work of a step. The writing step shows the essay
 * and, when the assignment has them, the questions; the feedback step shows the revision; other
 * steps (peer review, feedback review, completion) arrive with the reviewing and scoring work.
 */
type EditorProps = Parameters<typeof WorkEditor>[0];

/**
 * The revision's editor, its comparison marking the changes that answer the comments anchored in
 * the essay (issue 34, item 4; the same query as the passages' section above it).
 */
function RevisionEditor({ ids, performance }: Pick<EditorProps, 'ids' | 'performance'>) {
  const received = useReceivedAnchors(ids, performance.id);
  const compareAnchors = useMemo(
    () =>
      (received.data?.anchors ?? []).map((a) => ({
        index: a.index,
        length: a.length,
        quote: a.quote,
        comment: a.comment,
        label: a.reviewer_name,
      })),
    [received.data],
  );
  return <WorkEditor ids={ids} performance={performance} compareAnchors={compareAnchors} />;
}

export function WorkPage() {
  const { t } = useTranslation();
  const { stageKey } = useParams();
  const { assignment, steps, current, courseId } = usePerformanceContext();
  const index = stageKey === 'CO' ? steps.length : steps.findIndex((s) => s.code === stageKey);
  const step = steps[index];
  const idOf = (model: StageModel) =>
    assignment.progresses.find((p) => p.model === model)?.performance_id ?? null;
  const writing = step?.models.includes('essaywriting') ?? false;
  const revising = step?.models.includes('revisement') ?? false;
  const essayId = writing ? idOf('essaywriting') : null;
  const questionId = writing && step?.models.includes('questionwriting') ? idOf('questionwriting') : null;
  const revisionId = revising ? idOf('revisement') : null;
  const reviewing = step?.models.includes('peerreview') ?? false;
  const rating = step?.models.includes('feedbackreview') ?? false;
  const reviewId = reviewing ? idOf('peerreview') : null;
  const feedbackId = rating ? idOf('feedbackreview') : null;
  const peerWork = useDeferredResult(usePerformance(courseId, assignment.id, reviewId));
  const feedbackWork = useDeferredResult(usePerformance(courseId, assignment.id, feedbackId));
  const [askRevision, setAskRevision] = useState(false);
  const essay = useDeferredResult(usePerformance(courseId, assignment.id, essayId));
  const questions = useDeferredResult(usePerformance(courseId, assignment.id, questionId));
  const revision = useDeferredResult(usePerformance(courseId, assignment.id, revisionId));
  const ids = { courseId, assignmentId: assignment.id };

  if (index < 0 || index > current) return <Navigate replace to="../info" relative="path" />;
  if (stageKey === 'CO')
    return (
      <Suspense fallback={<Loading />}>
        <LearnerReport
          reportId={assignment.report_id ?? null}
          ids={ids}
          held={!assignment.manages && assignment.is_release_held && !assignment.scores_released}
        />
      </Suspense>
    );
  if (essay.isError || questions.isError || revision.isError || peerWork.isError || feedbackWork.isError)
    return <Navigate replace to="/" />;

  if (writing) {
    if (essayId === null) return <Empty message={t('work.noEssay')} testId="no-essay" />;
    if (essay.isPending || (questionId !== null && questions.isPending)) return <Loading />;
    const unanswered = (questions.data?.stage_object.responses ?? []).filter(
      (r) => !r.response.trim(),
    ).length;
    const items = [
      {
        key: 'essay-section',
        title: t('work.sectionEssay'),
        body: (
          <WorkEditor
            key={essay.data.id}
            ids={ids}
            performance={essay.data}
            unansweredQuestions={unanswered}
            questionsAnchor={questions.data ? 'questions-section' : undefined}
          />
        ),
      },
      ...(questions.data
        ? [
            {
              key: 'questions-section',
              title: t('work.sectionQuestions'),
              body: <QuestionsForm key={questions.data.id} ids={ids} performance={questions.data} />,
            },
          ]
        : []),
    ];
    return <Sections items={items} />;
  }
  if (reviewing) {
    if (reviewId === null) return <Empty message={t('review.noReviews')} testId="no-essay-to-review" />;
    if (peerWork.isPending) return <Loading />;
    return (
      <Suspense fallback={<Loading />}>
        <CalibrationGate ids={ids}>
          <PeerReviewList performance={peerWork.data} />
        </CalibrationGate>
      </Suspense>
    );
  }
  if (rating || revising) {
    if (feedbackId !== null && feedbackWork.isPending) return <Loading />;
    if (revisionId !== null && revision.isPending) return <Loading />;
    const maxPoint = Number(
      (
        assignment.progresses.find((p) => p.model === 'feedbackreview')?.stage_object as
          | { max_point?: number }
          | undefined
      )?.max_point ?? 5,
    );
    // After the last rating, once per assignment, offer to go on to the revision (part 2 §4).
    const onAllRated = () => {
      const key = `pw.to-revision.${assignment.id}`;
      if (!revision.data || localStorage.getItem(key)) return;
      localStorage.setItem(key, '1');
      setAskRevision(true);
    };
    const items = [
      ...(feedbackWork.data
        ? [
            {
              key: 'feedback-section',
              title: t('review.received'),
              body: (
                <Suspense fallback={<Loading />}>
                  <FeedbackReview
                    ids={ids}
                    performance={feedbackWork.data}
                    maxPoint={maxPoint}
                    onAllRated={onAllRated}
                  />
                </Suspense>
              ),
            },
          ]
        : []),
      // The passages the reviewers commented on, in the essay (issue 34, item 3).
      ...((feedbackId ?? revisionId) !== null
        ? [
            {
              key: 'anchors-section',
              title: t('anchors.receivedTitle'),
              body: (
                <Suspense fallback={<Loading />}>
                  <ReceivedAnchors ids={ids} performanceId={(feedbackId ?? revisionId) as number} />
                </Suspense>
              ),
            },
          ]
        : []),
      ...(revision.data
        ? [
            {
              key: 'revision-section',
              title: t('work.revision'),
              body: <RevisionEditor key={revision.data.id} ids={ids} performance={revision.data} />,
            },
          ]
        : []),
    ];
    if (items.length === 0)
      return <Empty message={t(revising ? 'work.noRevision' : 'review.noReceived')} testId="no-revision" />;
    return (
      <>
        <Sections items={items} />
        <ConfirmModal
          opened={askRevision}
          onClose={() => setAskRevision(false)}
          onConfirm={() => {
            setAskRevision(false);
            window.setTimeout(
              () => document.getElementById('revision-section')?.scrollIntoView({ behavior: 'smooth' }),
              1000,
            );
          }}
          title={t('review.goRevision')}
          message={t('review.toRevision')}
          confirmLabel={t('review.goRevision')}
        />
      </>
    );
  }
  return <AdjustmentNotice />;
}

/** `…/performances/{stageKey}/peer-review/{matchingId}`: one review, inside the tab layout. */
export function PeerReviewRoute() {
  const { assignment, courseId, steps, current } = usePerformanceContext();
  const { stageKey, matchingId } = useParams();
  const index = steps.findIndex((s) => s.code === stageKey);
  if (index < 0 || index > current || !steps[index]?.models.includes('peerreview'))
    return <Navigate replace to="../../../info" relative="path" />;
  // A fresh page (and draft) per review.
  return (
    <Suspense fallback={<Loading />}>
      <PeerReviewPage key={matchingId} ids={{ courseId, assignmentId: assignment.id }} />
    </Suspense>
  );
}
