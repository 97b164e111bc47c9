import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { FinishedReview } from '@pw/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ApiError } from '../../../lib/api-error';
import { useAssignment } from '../../../lib/assignment-queries';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath } from '../../../lib/course-mode';
import { formatDateTime } from '../../../lib/dates';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { staffFillIn, useMatchings, useResetMatchings } from '../api/matchings';
import { FinishedLossModal } from '../components/FinishedLossModal';
import { describeFillIn } from '../components/fill-in-text';

/** 1..n, for slot columns (keys by slot number). */
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * `/assignments/{id}/matchings` (instructor and assistants, only in peer review; part 2 §2): every
 * reviewer with one select per review; a reviewer cannot pick themself or the same essay twice,
 * essays that already have enough reviewers are disabled, and every evaluated person must be
 * assigned. Reset restores the loaded matching; save sends it whole. Finished reviews are marked, and
 * a save that would delete some is confirmed in a dialog that names them (the server refuses it
 * otherwise); who reviews nobody is listed with the reason (issue 36).
 */
export function MatchingPage() {
  const { t } = useTranslation();
  const { courseId, role } = useCourseContext();
  const assignmentId = Number(useParams().assignmentId);
  const assignment = useAssignment(courseId, assignmentId);
  const page = useMatchings(courseId, assignmentId);
  const reset = useResetMatchings(courseId, assignmentId);
  const [edits, setEdits] = useState<Record<number, (number | null)[]>>({});
  const navigate = useNavigate();
  /** The author whose essay the caller is taking to review themselves (issue 33), while asked. */
  const [fillingIn, setFillingIn] = useState<number | null>(null);
  const reviewMyself = async (author: number) => {
    setFillingIn(author);
    try {
      const { id } = await staffFillIn(courseId, assignmentId, author);
      void navigate(`fill-in/${id}`);
    } catch (error) {
      const detail =
        error instanceof ApiError && error.status !== 500 && error.status !== 0 ? error.body.detail : null;
      notify('save', { color: 'yellow', message: detail ?? t('common.wrongRequest') });
      void page.refetch();
    } finally {
      setFillingIn(null);
    }
  };
  const [confirmAuto, setConfirmAuto] = useState(false);
  /** A save the server refused because it deletes finished reviews: what to resend once confirmed. */
  const [pendingLoss, setPendingLoss] = useState<{ automatic: boolean; finished: FinishedReview[] } | null>(
    null,
  );
  /** The server's messages of the last save: per slot (`reviewer-slot`) and the rest. */
  const [slotErrors, setSlotErrors] = useState<Record<string, string>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const clearErrors = () => {
    setSlotErrors({});
    setOtherErrors([]);
  };
  const back = coursePath(courseId, role, `assignments/${assignmentId}`);
  const data = page.data;
  const slots = useMemo(() => {
    if (!data) return {} as Record<number, (number | null)[]>;
    return Object.fromEntries(
      data.reviewers.map((r) => {
        const loaded = r.targets.map((x) => x.target as number | null);
        const width = Math.max(data.peer_count, loaded.length);
        const base = [...loaded, ...Array<number | null>(Math.max(0, width - loaded.length)).fill(null)];
        return [r.id, edits[r.id] ?? base];
      }),
    );
  }, [data, edits]);

  if (page.isError || assignment.isError) return <Navigate replace to={back} />;
  if (!data || !assignment.data) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  if (assignment.data.current_stage.stage !== 'PE') return <Navigate replace to={back} />;
  const authors = data.reviewers.filter((r) => r.has_essay);
  const load = new Map<number, number>();
  for (const list of Object.values(slots))
    for (const target of list) if (target !== null) load.set(target, (load.get(target) ?? 0) + 1);
  const uncovered = authors.filter((a) => !load.get(a.id));
  const finished = new Set(
    data.reviewers.flatMap((r) => r.targets.filter((x) => x.is_completed).map((x) => `${r.id}:${x.target}`)),
  );
  const pairOf = new Map(
    data.reviewers.flatMap((r) => r.targets.map((x) => [`${r.id}:${x.target}`, x] as const)),
  );
  const leftOut = (reason: 'no_essay' | 'nothing_to_review') =>
    data.reviewers.filter((r) => r.left_out === reason).map((r) => r.name);

  const save = async (automatic: boolean, confirmDelete?: number[]) => {
    clearErrors();
    // Each pair sent, with the slot it came from, so the server's `matchings.{i}` finds its select.
    const sent = Object.entries(slots).flatMap(([reviewer, list]) =>
      list.flatMap((target, slot) => (target === null ? [] : [{ reviewer: Number(reviewer), target, slot }])),
    );
    try {
      const confirm_delete = confirmDelete ?? [];
      await reset.mutateAsync(
        automatic
          ? { automatic: true, confirm_delete }
          : { matchings: sent.map(({ reviewer, target }) => ({ reviewer, target })), confirm_delete },
      );
      setPendingLoss(null);
      setEdits({});
      notify('save', { color: 'teal', message: t('matching.saved') });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'matching_finished_reviews' && error.body.finished) {
        setPendingLoss({ automatic, finished: error.body.finished });
        return;
      }
      setPendingLoss(null);
      const fields = fieldErrorsOf(error) ?? {};
      const bySlot: Record<string, string> = {};
      const rest: string[] = [];
      for (const [field, messages] of Object.entries(fields)) {
        const pair = /^matchings\.(\d+)$/.exec(field);
        const author = /^authors\.(\d+)$/.exec(field);
        const at = pair ? sent[Number(pair[1])] : undefined;
        if (at) bySlot[`${at.reviewer}-${at.slot}`] = messages.join(' ');
        else if (author) {
          const name = data.reviewers.find((r) => r.id === Number(author[1]))?.name;
          rest.push(...messages.map((m) => (name ? `${name}: ${m}` : m)));
        } else rest.push(...messages);
      }
      setSlotErrors(bySlot);
      setOtherErrors(rest);
      const detail =
        error instanceof ApiError && error.status !== 500 && error.status !== 0
          ? error.body.detail
          : undefined;
      notify('save', {
        color: 'yellow',
        message: Object.values(fields).flat()[0] ?? detail ?? t('common.wrongRequest'),
      });
    }
  };

  return (
    <Stack gap="md" maw={1100} data-testid="matching-page">
      <Anchor component={Link} to={back} size="sm">
        ← {t('report.backToAssignment')}
      </Anchor>
      <Title order={1} size="h3">
        {t('matching.title')}
      </Title>
      {uncovered.length ? (
        <Alert color="yellow" data-testid="matching-uncovered">
          {t('matching.uncovered', { names: uncovered.map((a) => a.name).join(', ') })}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('matching.finishedHint')}
      </Text>
      {(['no_essay', 'nothing_to_review'] as const).map((reason) =>
        leftOut(reason).length ? (
          <Alert key={reason} color="blue" data-testid={`matching-left-out-${reason}`}>
            {t(reason === 'no_essay' ? 'matching.leftOutNoEssay' : 'matching.leftOutNothing', {
              names: leftOut(reason).join(', '),
            })}
          </Alert>
        ) : null,
      )}
      {otherErrors.length ? (
        <Alert color="red" data-testid="matching-errors">
          <Stack gap={4}>
            {otherErrors.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {data.fill_in.length ? (
        <Card withBorder radius="lg" p="md" data-testid="fill-in-queue">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('matching.fillInTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {data.stale_from
                ? t('matching.fillInHint', { time: formatDateTime(data.stale_from) })
                : t('matching.fillInHintManual')}
            </Text>
            <Box
              mah={220}
              style={{ overflowY: 'auto' }}
              tabIndex={0}
              aria-label={t('matching.fillInTitle')}
              role="region"
            >
              <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.fill_in.map((e) => (
                  <Group
                    component="li"
                    key={e.author}
                    data-testid="fill-in-entry"
                    justify="space-between"
                    gap="xs"
                    wrap="wrap"
                  >
                    <Text size="sm" style={{ flex: '1 1 14rem' }}>
                      {describeFillIn(t, e, data.peer_count)}
                    </Text>
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={fillingIn === e.author}
                      disabled={fillingIn !== null && fillingIn !== e.author}
                      onClick={() => void reviewMyself(e.author)}
                      aria-label={t('matching.reviewMyselfOf', { name: e.name })}
                      data-testid="fill-in-myself"
                    >
                      {t('matching.reviewMyself')}
                    </Button>
                  </Group>
                ))}
              </Stack>
            </Box>
          </Stack>
        </Card>
      ) : null}
      {data.staff_reviews.length ? (
        <Card withBorder radius="lg" p="md" data-testid="staff-reviews">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('matching.staffTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('matching.staffHint')}
            </Text>
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.staff_reviews.map((s) => (
                <Group component="li" key={s.matching_id} gap="xs" wrap="wrap" data-testid="staff-review">
                  <Badge size="sm" color="grape" variant="light">
                    {t('matching.staffBadge')}
                  </Badge>
                  <Text size="sm">
                    {t('matching.staffEntry', { reviewer: s.reviewer_name, name: s.name })}
                  </Text>
                  <Badge size="sm" color={s.is_completed ? 'teal' : 'gray'} variant="light">
                    {s.is_completed ? t('matching.finished') : t('matching.staffPending')}
                  </Badge>
                  {s.is_mine ? (
                    <Anchor component={Link} to={`fill-in/${s.matching_id}`} size="sm">
                      {s.is_completed ? t('matching.staffOpen') : t('matching.staffWrite')}
                    </Anchor>
                  ) : null}
                </Group>
              ))}
            </Stack>
          </Stack>
        </Card>
      ) : null}
      <Card withBorder radius="lg" p="md">
        <ScrollArea>
          <Table miw={640} data-testid="matching-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('matching.reviewer')}</Table.Th>
                {numbers(Math.max(data.peer_count, ...Object.values(slots).map((l) => l.length))).map((n) => (
                  <Table.Th key={`slot-${n}`}>{t('matching.target', { n })}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.reviewers.map((r) => {
                const list = slots[r.id] ?? [];
                return (
                  <Table.Tr key={r.id}>
                    <Table.Th scope="row">
                      <Text size="sm">{r.name}</Text>
                    </Table.Th>
                    {numbers(list.length).map((n) => {
                      const i = n - 1;
                      const target = list[i] ?? null;
                      const isFinished = target !== null && finished.has(`${r.id}:${target}`);
                      const pair = target === null ? undefined : pairOf.get(`${r.id}:${target}`);
                      return (
                        <Table.Td key={`${r.id}-slot-${n}`} data-finished={isFinished || undefined}>
                          {isFinished ? (
                            <Badge size="xs" color="teal" variant="light" mb={4}>
                              {t('matching.finished')}
                            </Badge>
                          ) : null}
                          {pair?.is_stale ? (
                            <Badge size="xs" color="orange" variant="light" mb={4}>
                              {t('matching.notOpened')}
                            </Badge>
                          ) : null}
                          {pair?.moved_from ? (
                            <Text size="xs" c="dimmed" mb={4}>
                              {t('matching.movedFrom', { name: pair.moved_from })}
                            </Text>
                          ) : null}
                          <Select
                            size="xs"
                            clearable
                            aria-label={t('matching.slotLabel', { name: r.name, n })}
                            value={target === null ? null : String(target)}
                            error={slotErrors[`${r.id}-${i}`]}
                            onChange={(v) => {
                              clearErrors();
                              setEdits((e) => {
                                const next = [...list];
                                next[i] = v === null ? null : Number(v);
                                return { ...e, [r.id]: next };
                              });
                            }}
                            data={authors
                              .filter((a) => a.id !== r.id)
                              .map((a) => ({
                                value: String(a.id),
                                label: `${a.name} (${load.get(a.id) ?? 0}/${data.peer_count})`,
                                disabled:
                                  a.id !== target &&
                                  (list.includes(a.id) || (load.get(a.id) ?? 0) >= data.peer_count),
                              }))}
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Card>
      <Group justify="flex-end">
        <Button variant="subtle" onClick={() => setConfirmAuto(true)}>
          {t('matching.automatic')}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            clearErrors();
            setEdits({});
          }}
          data-testid="reset-matching"
        >
          {t('matching.reset')}
        </Button>
        <Button
          onClick={() => void save(false)}
          loading={reset.isPending}
          disabled={uncovered.length > 0}
          data-testid="save-matching"
        >
          {t('matching.save')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirmAuto}
        onClose={() => setConfirmAuto(false)}
        onConfirm={() => {
          setConfirmAuto(false);
          void save(true);
        }}
        title={t('matching.automatic')}
        message={t('matching.automaticConfirm')}
        confirmLabel={t('matching.automatic')}
      />
      <FinishedLossModal
        finished={pendingLoss?.finished ?? null}
        onClose={() => setPendingLoss(null)}
        loading={reset.isPending}
        onConfirm={() => {
          if (pendingLoss)
            void save(
              pendingLoss.automatic,
              pendingLoss.finished.map((x) => x.matching_id),
            );
        }}
      />
    </Stack>
  );
}
