import { Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { adjustReview, fetchInstructorReview, type InstructorReview } from '../api/scores';
import { MovedTotals } from './MovedTotals';
import { currentPoints, type PointsDraft, proposalOf, ReviewPoints } from './ReviewPoints';

/**
 * The score-adjustment modal of a rater cell: the review with the reviewer's comments and points,
 * the points that should count, the totals that will move before anything is saved, and the
 * required reason. "Initialise" withdraws the adjustment (with a recorded reason).
 */
export function AdjustModal({
  ids,
  matchingId,
  name,
  onClose,
  onDone,
}: {
  ids: { courseId: number; assignmentId: number };
  matchingId: number;
  name: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [review, setReview] = useState<InstructorReview | null>(null);
  const [points, setPoints] = useState<PointsDraft>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    fetchInstructorReview(ids.courseId, ids.assignmentId, matchingId)
      .then((r) => {
        if (!live) return;
        setReview(r);
        setPoints(currentPoints(r.responses));
        setReason(r.instructor_comment ?? '');
      })
      .catch(() => notify('save', { color: 'yellow', message: t('common.wrongRequest') }));
    return () => {
      live = false;
    };
  }, [ids.courseId, ids.assignmentId, matchingId, t]);
  const proposal = review ? proposalOf(review.responses, points) : null;
  const submit = async (initialise: boolean) => {
    if (!review) return;
    if (!initialise && proposal === null) {
      notify('save', { color: 'yellow', message: t('score.pointRequired') });
      return;
    }
    setBusy(true);
    try {
      await adjustReview(ids.courseId, ids.assignmentId, matchingId, {
        responses: initialise
          ? review.responses.map((x) => ({ id: x.id, edited_point: null }))
          : (proposal ?? []),
        instructor_comment: initialise ? t('score.initialisedReason') : reason,
      });
      notify('save', { color: 'teal', message: t('score.adjusted') });
      onDone();
    } catch {
      notify('save', { color: 'yellow', message: t('common.wrongRequest') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('score.adjustTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {!review ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm" data-testid="adjust-modal">
          <Text size="sm" c="dimmed">
            {t('score.reviewOf', { reviewer: review.reviewer_name, author: name })}
          </Text>
          {review.is_self_review ? null : (
            <Text size="sm" data-testid="reviewer-coach" title={t('review.coach.metHelp')}>
              {t('review.coach.met', { met: review.coach.met, total: review.coach.total })}
            </Text>
          )}
          <ReviewPoints
            responses={review.responses}
            points={points}
            onChange={setPoints}
            coachHints={review.is_self_review ? undefined : review.coach.hints}
          />
          <MovedTotals ids={ids} matchingId={matchingId} proposal={proposal} />
          <Textarea
            label={t('score.reason')}
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={3}
            autosize
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => void submit(true)} loading={busy}>
              {t('score.initialise')}
            </Button>
            <Button onClick={() => void submit(false)} loading={busy} disabled={!reason.trim()}>
              {t('score.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
