import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { PeerTarget, Performance } from '@pw/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ExtendedDeadline } from '../../../components/ExtendedDeadline';
import { IconLock, IconPaperclip } from '../../../components/icons';
import { ApiError } from '../../../lib/api-error';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { assignmentKey } from '../../../lib/query-keys';
import { peerReviewKey, reviewOneMore, savePeerReview, usePeerReview } from '../api/reviews';
import { CoachHints } from './CoachHints';

// The essay with the reviewer's comments anchored in it (issue 34, item 3).
const ReviewAnchorsPanel = lazy(() => import('./ReviewAnchorsPanel'));

type Ids = { courseId: number; assignmentId: number };

/** The reviews a learner owes (part 2 §2): peers by label, the self-evaluation last and locked until they are done. */
export function PeerReviewList({ performance }: { performance: Performance }) {
  const { t } = useTranslation();
  const targets = (performance.stage_object.targets ?? []) as PeerTarget[];
  const peersDone = targets.filter((x) => !x.is_self_review).every((x) => x.is_completed);
  if (targets.length === 0) {
    return (
      <Center mih={120} data-testid="no-reviews">
        {t('review.noReviews')}
      </Center>
    );
  }
  return (
    <Stack gap="sm" data-testid="peer-review-list">
      <Title order={2} size="h4">
        {t('review.toReview')}
      </Title>
      <ExtendedDeadline p={performance} />
      {!performance.editable && performance.is_mine ? (
        <Alert color="gray">{t('review.readOnly')}</Alert>
      ) : null}
      {targets.map((x) => {
        const label = x.is_self_review ? t('review.self') : t('review.peer', { n: x.label });
        const locked = x.is_self_review && !peersDone;
        return (
          <Card key={x.id} withBorder radius="md" p="md" data-testid={`review-target-${x.id}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs" wrap="nowrap">
                  {locked ? <IconLock size={16} aria-hidden /> : null}
                  {locked ? (
                    <Text fw={600} c="dimmed">
                      {label}
                    </Text>
                  ) : (
                    <Anchor component={Link} to={`peer-review/${x.id}`} fw={600}>
                      {label}
                    </Anchor>
                  )}
                </Group>
                {locked ? (
                  <Text size="sm" c="dimmed" data-testid="self-review-warning">
                    {t('errors.self_review_locked')}
                  </Text>
                ) : null}
              </Stack>
              <Badge
                color={x.is_completed ? 'teal' : locked ? 'gray' : 'orange'}
                variant="light"
                style={{ flexShrink: 0 }}
              >
                {x.is_completed ? t('review.done') : locked ? t('review.locked') : t('review.open')}
              </Badge>
            </Group>
          </Card>
        );
      })}
      {performance.editable && performance.is_mine && peersDone ? <OneMore /> : null}
    </Stack>
  );
}

/**
 * Issue 33: a learner who finished their reviews may take one more — a review its reviewer left
 * unopened past half the stage, or an essay still short of reviewers — and goes straight to it.
 */
function OneMore() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const ids = { courseId: Number(params.courseId), assignmentId: Number(params.assignmentId) };
  const ask = async () => {
    setBusy(true);
    try {
      const { id } = await reviewOneMore(ids);
      await queryClient.invalidateQueries({ queryKey: assignmentKey(ids.courseId, ids.assignmentId) });
      void navigate(`peer-review/${id}`);
    } catch (error) {
      const detail =
        error instanceof ApiError && error.status !== 500 && error.status !== 0 ? error.body.detail : null;
      notify('save', { color: 'blue', message: detail ?? t('common.wrongRequest') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" p="md" data-testid="review-one-more">
      <Stack gap="xs">
        <Text fw={600}>{t('review.oneMoreTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('review.oneMoreHint')}
        </Text>
        <Group>
          <Button variant="light" onClick={() => void ask()} loading={busy}>
            {t('review.oneMore')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `…/performances/PE/peer-review/{matchingId}`: one essay beside the rubric. */
export function PeerReviewPage({ ids }: { ids: Ids }) {
  const { t } = useTranslation();
  const matchingId = Number(useParams().matchingId);
  const review = usePeerReview(ids, matchingId);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Record<number, { point: number; comment: string }>>({});
  const [saving, setSaving] = useState(false);
  /** The server's field messages of the last save (`responses.{i}.point|comment`, `responses`). */
  const [fields, setFields] = useState<Record<string, string[]>>({});
  if (review.isError) {
    const error = review.error;
    if (error instanceof ApiError && error.code === 'self_review_locked') {
      return (
        <Stack>
          <Alert color="yellow" data-testid="self-review-locked">
            {error.body.detail}
          </Alert>
          <Anchor component={Link} to="../.." relative="path">
            ← {t('review.backToList')}
          </Anchor>
        </Stack>
      );
    }
    return <Navigate replace to="../.." relative="path" />;
  }
  if (review.isPending) {
    return (
      <Center mih={160} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  const r = review.data;
  const value = (id: number, max: number, point: number | null, comment: string) =>
    draft[id] ?? { point: point ?? Math.round(max / 2), comment };
  const label = r.is_self_review ? t('review.self') : t('review.peer', { n: r.label });
  // "My essay" when reviewing oneself (it read "자기 평가의 글").
  const essayTitle = r.is_self_review ? t('review.ownEssay') : t('review.essayOf', { who: label });

  const submit = async () => {
    const responses = r.responses.map((x) => ({
      id: x.id,
      ...value(x.id, x.standard.max_point, x.point, x.comment),
    }));
    const blank = responses.flatMap((x, i): [string, string[]][] =>
      x.comment.trim() ? [] : [[`responses.${i}.comment`, [t('validation.required')]]],
    );
    if (blank.length) {
      setFields(Object.fromEntries(blank));
      notify('save', { color: 'yellow', message: t('review.commentRequired') });
      return;
    }
    setSaving(true);
    setFields({});
    try {
      const fresh = await savePeerReview(ids, r.id, responses);
      queryClient.setQueryData(peerReviewKey(ids, r.id), fresh);
      await queryClient.invalidateQueries({
        queryKey: [...assignmentKey(ids.courseId, ids.assignmentId), 'performances'],
      });
      setDraft({});
      notify('save', { color: 'teal', message: t('review.saved') });
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField) setFields(byField);
      const detail =
        error instanceof ApiError && error.status !== 500 && error.status !== 0
          ? error.body.detail
          : undefined;
      notify('save', { color: 'yellow', message: detail ?? t('common.wrongRequest') });
    } finally {
      setSaving(false);
    }
  };
  const messagesOf = (...keys: string[]) => {
    const list = keys.flatMap((k) => fields[k] ?? []);
    return list.length ? list.join(' ') : undefined;
  };
  // Messages that belong to no single standard: shown above the rubric.
  const general = Object.entries(fields)
    .filter(([k]) => !/^responses\.\d+/.test(k))
    .flatMap(([, v]) => v);

  return (
    <Stack gap="md" data-testid="peer-review-page">
      <Anchor component={Link} to="../.." relative="path" size="sm">
        ← {t('review.backToList')}
      </Anchor>
      {!r.editable ? <Alert color="gray">{t('review.readOnly')}</Alert> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" p="md">
          <Title order={2} size="h5" mb="sm">
            {essayTitle}
          </Title>
          <Suspense fallback={<Loader size="sm" />}>
            <ReviewAnchorsPanel ids={ids} matchingId={r.id} essay={r.target_essay} label={essayTitle} />
          </Suspense>
          {r.target_essay.files.map((f) => (
            <Group key={f.id} gap="xs" mt="xs">
              <IconPaperclip size={14} aria-hidden />
              <Anchor href={f.file} target="_blank" rel="noopener noreferrer" size="sm">
                {f.name}
              </Anchor>
            </Group>
          ))}
        </Card>
        <Card withBorder radius="md" p="md">
          <Title order={2} size="h5" mb="sm">
            {t('review.rubric')}
          </Title>
          <Stack gap="lg">
            {general.length ? (
              <Alert color="red" data-testid="review-errors">
                {general.join(' ')}
              </Alert>
            ) : null}
            {r.responses.map((x, i) => {
              const v = value(x.id, x.standard.max_point, x.point, x.comment);
              const set = (patch: Partial<typeof v>) => {
                setDraft((d) => ({ ...d, [x.id]: { ...v, ...patch } }));
                setFields((f) =>
                  Object.fromEntries(Object.entries(f).filter(([k]) => !k.startsWith(`responses.${i}`))),
                );
              };
              const pointError = messagesOf(`responses.${i}.point`, `responses.${i}`);
              const commentError = messagesOf(`responses.${i}.comment`);
              return (
                <Stack key={x.id} gap={6} data-testid={`standard-${x.id}`}>
                  <Text fw={600} id={`standard-q-${x.id}`}>
                    {x.id + 1}. {x.standard.question}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('review.point', { max: x.standard.max_point })}
                  </Text>
                  <SegmentedControl
                    fullWidth
                    disabled={!r.editable}
                    aria-labelledby={`standard-q-${x.id}`}
                    value={String(v.point)}
                    onChange={(p) => set({ point: Number(p) })}
                    data={Array.from({ length: x.standard.max_point + 1 }, (_, p) => ({
                      value: String(p),
                      label: String(p),
                    }))}
                  />
                  {pointError ? (
                    <Text size="xs" c="red" role="alert">
                      {pointError}
                    </Text>
                  ) : null}
                  <Textarea
                    label={t('review.comment')}
                    required
                    value={v.comment}
                    readOnly={!r.editable}
                    error={commentError}
                    onChange={(e) => set({ comment: e.currentTarget.value })}
                    autosize
                    minRows={2}
                    maxLength={5000}
                    // The review coach's hints under the box: its description (aria-describedby),
                    // a polite live region that stays in place while the hints change.
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    description={
                      r.editable ? (
                        <CoachHints
                          comment={v.comment}
                          criterion={x.standard.question}
                          point={v.point}
                          min={0}
                          max={x.standard.max_point}
                          essay={r.target_essay.plain_text}
                        />
                      ) : undefined
                    }
                    descriptionProps={{
                      'aria-live': 'polite',
                      'data-testid': `coach-${x.id}`,
                    }}
                  />
                </Stack>
              );
            })}
            {r.editable ? (
              <Group justify="flex-end">
                <Button onClick={() => void submit()} loading={saving} data-testid="submit-review">
                  {t('review.submit')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
