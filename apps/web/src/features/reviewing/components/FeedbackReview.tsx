import '@mantine/core/styles/Rating.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Modal,
  Rating,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { Performance, ReceivedReview } from '@pw/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ExtendedDeadline } from '../../../components/ExtendedDeadline';
import { ApiError } from '../../../lib/api-error';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { assignmentKey } from '../../../lib/query-keys';
import { createObjection, rateReview, updateObjection, withdrawObjection } from '../api/reviews';

type Ids = { courseId: number; assignmentId: number };
const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 500 && error.status !== 0
    ? (error.body.detail ?? fallback)
    : fallback;

/**
 * The feedback review (part 2 §2): one card per review received, with the anonymous reviewer
 * label, each standard's point and comment, the helpfulness rating (1..max stars with a required
 * comment) and the objection button (create, edit, withdraw while pending; the ruling shown).
 */
export function FeedbackReview({
  ids,
  performance: p,
  maxPoint,
  onAllRated,
}: {
  ids: Ids;
  performance: Performance;
  maxPoint: number;
  onAllRated: (revisionId: number) => void;
}) {
  const { t } = useTranslation();
  const received = (p.stage_object.targets ?? []) as ReceivedReview[];
  if (received.length === 0) {
    return (
      <Center mih={120} data-testid="no-received">
        {t('review.noReceived')}
      </Center>
    );
  }
  return (
    <Stack gap="md" data-testid="feedback-review">
      <ExtendedDeadline p={p} />
      {!p.editable && p.is_mine ? <Alert color="gray">{t('review.ratingClosed')}</Alert> : null}
      {received.map((r) => (
        <ReceivedCard
          key={r.id}
          ids={ids}
          review={r}
          editable={p.editable}
          maxPoint={maxPoint}
          onAllRated={onAllRated}
        />
      ))}
    </Stack>
  );
}

function ReceivedCard({
  ids,
  review: r,
  editable,
  maxPoint,
  onAllRated,
}: {
  ids: Ids;
  review: ReceivedReview;
  editable: boolean;
  maxPoint: number;
  onAllRated: (revisionId: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [point, setPoint] = useState(r.rating?.point ?? 0);
  const [comment, setComment] = useState(r.rating?.comment ?? '');
  const [busy, setBusy] = useState(false);
  const [objecting, setObjecting] = useState(false);
  const [objection, setObjection] = useState(r.matching.objection?.comment ?? '');
  const [withdrawing, setWithdrawing] = useState(false);
  /** The server's field messages: of the rating (`point`, `comment`) and of the objection. */
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [objectionError, setObjectionError] = useState<string | undefined>();
  const join = (list: string[] | undefined) => (list?.length ? list.join(' ') : undefined);
  const unchanged = point === (r.rating?.point ?? 0) && comment === (r.rating?.comment ?? '');
  const refresh = () =>
    queryClient.invalidateQueries({
      queryKey: [...assignmentKey(ids.courseId, ids.assignmentId), 'performances'],
    });

  const rate = async () => {
    setBusy(true);
    setFields({});
    try {
      const answer = await rateReview(ids, r.id, point, comment);
      notify('save', { color: 'teal', message: t('review.rated') });
      await refresh();
      if (answer.revisement) onAllRated(answer.revisement);
    } catch (error) {
      setFields(fieldErrorsOf(error) ?? {});
      notify('save', { color: 'yellow', message: errorText(error, t('common.wrongRequest')) });
    } finally {
      setBusy(false);
    }
  };
  const saveObjection = async () => {
    setObjectionError(undefined);
    try {
      const editing = r.matching.objection !== null && r.matching.objection !== undefined;
      if (r.matching.objection) await updateObjection(ids, r.matching.objection.id, objection);
      else await createObjection(ids, r.id, objection);
      // Editing says so (it was titled and toasted like a new objection).
      notify('save', {
        color: 'teal',
        message: t(editing ? 'review.objectionUpdated' : 'review.objectionSaved'),
      });
      setObjecting(false);
      await refresh();
    } catch (error) {
      setObjectionError(join(Object.values(fieldErrorsOf(error) ?? {}).flat()));
      notify('save', { color: 'yellow', message: errorText(error, t('common.wrongRequest')) });
    }
  };
  const withdraw = async () => {
    if (!r.matching.objection) return;
    try {
      await withdrawObjection(ids, r.matching.objection.id);
      notify('save', { color: 'teal', message: t('review.objectionWithdrawn') });
      setObjection('');
      await refresh();
    } catch (error) {
      notify('save', { color: 'yellow', message: errorText(error, t('common.wrongRequest')) });
    } finally {
      setWithdrawing(false);
    }
  };
  const o = r.matching.objection;

  return (
    <Card withBorder radius="md" p="md" data-testid={`received-${r.id}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>{r.matching.reviewer_name}</Text>
          {o ? (
            <Badge
              color={o.status === 'accepted' ? 'teal' : o.status === 'rejected' ? 'gray' : 'orange'}
              variant="light"
            >
              {t(`review.status.${o.status}`)}
            </Badge>
          ) : null}
        </Group>
        {r.matching.responses.map((x) => (
          <Stack key={x.id} gap={2}>
            <Text size="sm" fw={600}>
              {x.id + 1}. {x.standard.question} —{' '}
              {t('review.scale', { point: x.point ?? '–', max: x.standard.max_point })}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {x.comment}
            </Text>
          </Stack>
        ))}
        {o?.ruling_reason ? (
          <Alert color={o.status === 'accepted' ? 'teal' : 'gray'} p="xs" data-testid={`ruling-${r.id}`}>
            <Text size="sm">{t('review.ruling', { reason: o.ruling_reason })}</Text>
            {o.changes.length > 0 ? (
              <Stack gap={2} mt={6}>
                <Text size="sm" fw={600}>
                  {t('review.rulingChanged')}
                </Text>
                {o.changes.map((c) => (
                  <Text key={c.id} size="sm" data-testid={`ruling-change-${c.id}`}>
                    {t('review.rulingChange', {
                      n: c.id + 1,
                      question: c.question,
                      before: c.before,
                      after: c.after,
                    })}
                  </Text>
                ))}
              </Stack>
            ) : null}
          </Alert>
        ) : null}
        <Stack gap={6}>
          <Text size="sm" fw={600} id={`helpful-${r.id}`}>
            {t('review.helpful')}
          </Text>
          <Rating
            count={maxPoint}
            value={point}
            onChange={setPoint}
            readOnly={!editable}
            aria-labelledby={`helpful-${r.id}`}
            data-testid={`rating-${r.id}`}
          />
          {fields.point ? (
            <Text size="xs" c="red" role="alert">
              {join(fields.point)}
            </Text>
          ) : null}
          <Textarea
            label={t('review.ratingComment')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            readOnly={!editable}
            required={editable}
            withAsterisk={false}
            error={join(fields.comment)}
            autosize
            minRows={2}
            maxLength={5000}
          />
        </Stack>
        {editable ? (
          <Group justify="space-between">
            <Group gap="xs">
              {!o || o.status === 'pending' ? (
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setObjecting(true)}
                  data-testid={`object-${r.id}`}
                >
                  {o ? t('review.editObjection') : t('review.object')}
                </Button>
              ) : null}
              {o?.status === 'pending' ? (
                <Button variant="subtle" color="red" size="xs" onClick={() => setWithdrawing(true)}>
                  {t('review.withdrawObjection')}
                </Button>
              ) : null}
            </Group>
            <Button
              onClick={() => void rate()}
              loading={busy}
              disabled={point === 0 || !comment.trim() || unchanged}
              data-testid={`rate-${r.id}`}
            >
              {t('review.rate')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <Modal
        opened={objecting}
        onClose={() => setObjecting(false)}
        title={r.matching.objection ? t('review.editObjection') : t('review.objectionTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text size="sm">{t('review.objectionHint')}</Text>
          <Textarea
            value={objection}
            onChange={(e) => setObjection(e.currentTarget.value)}
            minRows={4}
            autosize
            required
            maxLength={5000}
            error={objectionError}
            aria-label={t('review.objectionTitle')}
          />
          <Group justify="flex-end">
            <Button
              onClick={() => void saveObjection()}
              disabled={!objection.trim()}
              data-testid="save-objection"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={withdrawing}
        onClose={() => setWithdrawing(false)}
        onConfirm={() => void withdraw()}
        title={t('review.withdrawObjection')}
        message={t('review.confirmWithdraw')}
        confirmLabel={t('review.withdrawObjection')}
      />
    </Card>
  );
}
