import { Button, Group, Loader, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useObjection, useRuleObjection } from '../api/objections';
import { MovedTotals } from './MovedTotals';
import { currentPoints, type PointsDraft, proposalOf, ReviewPoints } from './ReviewPoints';

/**
 * Ruling on an objection: the learner's text beside the review it disputes (the label the learner
 * sees, the reviewer's name, each standard's comment and points). Accepting sets the points that
 * should count for that review — at least one must differ from the reviewer's — and shows the
 * totals that will move; the points are saved with the ruling, in one request.
 */
export function RulingModal({
  ids,
  objection,
  onClose,
  onDone,
}: {
  ids: { courseId: number; assignmentId: number };
  objection: { id: number; name: string };
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const objectionQuery = useObjection(ids, objection.id);
  const ruling = useRuleObjection(ids, objection.id);
  const detail = objectionQuery.data ?? null;
  const review = detail?.review ?? null;
  const [reason, setReason] = useState('');
  const [points, setPoints] = useState<PointsDraft | null>(null);
  const loadFailed = objectionQuery.isError;
  useEffect(() => {
    if (loadFailed) notify('save', { color: 'yellow', message: t('common.wrongRequest') });
  }, [loadFailed, t]);
  useEffect(() => {
    if (review && points === null) setPoints(currentPoints(review.responses));
  }, [review, points]);
  const proposal = review && points ? proposalOf(review.responses, points) : null;
  const changes = proposal?.some((p) => p.edited_point !== null) ?? false;
  const rule = async (accepted: boolean) => {
    try {
      await ruling.mutateAsync(
        accepted ? { accepted, reason, responses: proposal ?? [] } : { accepted, reason },
      );
      notify('save', { color: 'teal', message: t('score.ruled') });
      onDone();
    } catch {
      notify('save', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('score.openObjection', { name: objection.name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {!detail || !review || !points ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm" data-testid="ruling-modal">
          <Title order={3} size="h6">
            {t('score.objectionText')}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="objection-text">
            {detail.comment}
          </Text>
          <Title order={3} size="h6" data-testid="disputed-review">
            {t('score.disputedReview', {
              label: t('labels.reviewer', { n: review.reviewer_label }),
              name: review.reviewer_name,
            })}
          </Title>
          <ReviewPoints responses={review.responses} points={points} onChange={setPoints} />
          <Text size="sm" c="dimmed">
            {t('score.acceptHint')}
          </Text>
          {changes ? <MovedTotals ids={ids} matchingId={detail.matching} proposal={proposal} /> : null}
          <Textarea
            label={t('score.rulingReason')}
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={3}
            autosize
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              color="red"
              disabled={!reason.trim()}
              loading={ruling.isPending}
              onClick={() => void rule(false)}
            >
              {t('score.reject')}
            </Button>
            <Button
              disabled={!reason.trim() || !changes}
              loading={ruling.isPending}
              onClick={() => void rule(true)}
              data-testid="accept-objection"
            >
              {t('score.acceptAdjusting')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
