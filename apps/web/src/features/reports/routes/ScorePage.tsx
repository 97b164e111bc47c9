import '../../../components/chart-styles';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath } from '../../../lib/course-mode';
import { notify } from '../../../lib/notify';
import { useObjection, useRuleObjection } from '../api/objections';
import { useUpdateReport } from '../api/report';
import {
  adjustReview,
  fetchInstructorReview,
  type InstructorReview,
  scoresKey,
  useScores,
} from '../api/scores';
import { type ScoreFilter, type ScoreRow, type ScoreSort, sortAndFilterRows } from '../components/score-rows';

type Row = ScoreRow;
type Rater = Row['pr_performance']['reviewers'][number];
const one = (n: number) => (Math.round(n * 10) / 10).toString();
const KEYS = {
  ES: 'essay_writing_score',
  PE: 'peer_review_score',
  ME: 'metacognition_score',
  FE: 'feedback_review_score',
  RE: 'revisement_score',
} as const;

/** Points a rater gave, as shown in a cell: the edited point where the instructor adjusted. */
const raterPoints = (r: Rater) => r.responses.map((x) => x.edited_point ?? x.point ?? '–').join(' · ');
/**
 * `/assignments/{id}/score` (instructor and assistants, part 2 §2): the histogram of totals in
 * 10-point bands once complete, the table of the five scores with one column per rater and a self
 * column (red marks for the least consistent evaluators, with a legend and a text mark), sorting
 * by total, name or raters' disagreement, filters (name, a least consistent rater, an open review, a
 * waiting objection), the score-adjustment modal and the revision score modal.
 */
export function ScorePage() {
  const { t } = useTranslation();
  const { courseId, role } = useCourseContext();
  const assignmentId = Number(useParams().assignmentId);
  const scores = useScores(courseId, assignmentId);
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<ScoreSort>('total');
  const [filter, setFilter] = useState<ScoreFilter>('all');
  const [search, setSearch] = useState('');
  const [adjusting, setAdjusting] = useState<{ rater: Rater; row: Row } | null>(null);
  const [revising, setRevising] = useState<Row | null>(null);
  const [ruling, setRuling] = useState<{ id: number; name: string } | null>(null);
  const data = scores.data;
  const rows = useMemo(
    () => (data ? sortAndFilterRows(data, { sort, filter, search }) : []),
    [data, sort, filter, search],
  );

  if (scores.isError) return <Navigate replace to="/" />;
  if (!data) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  const raterCount = Math.max(
    0,
    ...data.reports.map((r) => r.pr_performance.reviewers.filter((x) => !x.is_self_review).length),
  );
  const raterNumbers = Array.from({ length: raterCount }, (_, i) => i + 1);
  const bands = Array.from({ length: 10 }, (_, i) => ({
    band: t('score.band', { from: i * 10, to: i === 9 ? 100 : i * 10 + 9 }),
    count: data.reports.filter((r) => Math.min(9, Math.floor(r.total / 10)) === i).length,
  }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: scoresKey(courseId, assignmentId) });
  const back = coursePath(courseId, role, `assignments/${assignmentId}`);

  return (
    <Stack gap="lg" maw={1200} data-testid="score-page">
      <Anchor component={Link} to={back} size="sm">
        ← {t('report.backToAssignment')}
      </Anchor>
      <Title order={1} size="h3">
        {t('score.title')}
      </Title>
      {data.completed ? (
        <Card withBorder radius="lg" p="lg">
          <Title order={2} size="h5" mb="sm">
            {t('score.histogram')}
          </Title>
          <BarChart
            h={220}
            data={bands}
            dataKey="band"
            series={[{ name: 'count', label: t('score.learners'), color: 'indigo.6' }]}
            // One series: each band's count written on its bar, so colour carries nothing.
            withBarValueLabel
            // Mantine writes a bar's value only through a formatter (none: an empty label).
            valueFormatter={(v: number) => String(Math.round(v * 10) / 10)}
            // A figure named by its label (a label on a bare div is not announced).
            role="figure"
            aria-label={t('score.histogram')}
            data-testid="score-histogram"
          />
        </Card>
      ) : (
        <Alert color="yellow" data-testid="score-not-completed">
          {t('score.notCompleted')}
        </Alert>
      )}

      <Card withBorder radius="lg" p="lg" data-testid="pending-objections">
        <Title order={2} size="h5" mb="sm">
          {t('score.objections')}
        </Title>
        {data.pending_objections.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('score.noObjections')}
          </Text>
        ) : (
          <Stack gap="xs">
            {data.pending_objections.map((o) => {
              const author = data.reports.find((r) => r.enrollment === o.author);
              return (
                <Group key={o.id} justify="space-between">
                  <Text size="sm">{author?.name ?? ''}</Text>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setRuling({ id: o.id, name: author?.name ?? '' })}
                  >
                    {t('score.openObjection', { name: author?.name ?? '' })}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="lg" p="lg">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('score.lowestLegend')}
          </Text>
          <Group gap="xs" wrap="wrap">
            <TextInput
              size="xs"
              type="search"
              aria-label={t('score.search')}
              placeholder={t('score.search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              data-testid="score-search"
            />
            <Select
              size="xs"
              w={220}
              aria-label={t('score.filter')}
              allowDeselect={false}
              value={filter}
              onChange={(v) => setFilter((v ?? 'all') as ScoreFilter)}
              data={[
                { value: 'all', label: t('score.filterAll') },
                { value: 'lowest', label: t('score.filterLowest') },
                { value: 'open', label: t('score.filterOpen') },
                { value: 'objection', label: t('score.filterObjection') },
              ]}
              data-testid="score-filter"
            />
            <Text size="sm">{t('score.sortBy')}</Text>
            <SegmentedControl
              size="xs"
              value={sort}
              onChange={(v) => setSort(v as typeof sort)}
              data={[
                { value: 'total', label: t('score.sortTotal') },
                { value: 'name', label: t('score.sortName') },
                { value: 'spread', label: t('score.sortSpread') },
              ]}
            />
          </Group>
        </Group>
        {data.reports.length === 0 ? (
          <Text c="dimmed">{t('score.noLearners')}</Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" data-testid="score-no-match">
            {t('score.noMatch')}
          </Text>
        ) : (
          <ScrollArea
            // Scrolled sideways by keyboard too (its cells hold no control before completion).
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('score.title') }}
          >
            <Table striped highlightOnHover data-testid="score-table" miw={800}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('score.name')}</Table.Th>
                  <Table.Th ta="right">{t('score.total')}</Table.Th>
                  {data.scores.map((s) => (
                    <Table.Th key={s.type} ta="right">
                      {t(`report.types.${s.type}`)}
                    </Table.Th>
                  ))}
                  {raterNumbers.map((n) => (
                    <Table.Th key={`rater-${n}`}>{t('score.rater', { n })}</Table.Th>
                  ))}
                  <Table.Th>{t('score.self')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const peers = row.pr_performance.reviewers.filter((x) => !x.is_self_review);
                  const self = row.pr_performance.reviewers.find((x) => x.is_self_review);
                  return (
                    <Table.Tr key={row.enrollment}>
                      <Table.Th scope="row">
                        {row.id ? (
                          <Anchor component={Link} to={`../reports/${row.id}`} relative="path" size="sm">
                            {row.name}
                          </Anchor>
                        ) : (
                          <Text size="sm">{row.name}</Text>
                        )}
                      </Table.Th>
                      <Table.Td ta="right" fw={600}>
                        {one(row.total)}
                      </Table.Td>
                      {data.scores.map((s) =>
                        s.type === 'RE' && row.id && data.completed ? (
                          <Table.Td key={s.type} ta="right">
                            <Anchor component="button" size="sm" onClick={() => setRevising(row)}>
                              {one(row[KEYS[s.type]])}
                            </Anchor>
                          </Table.Td>
                        ) : (
                          <Table.Td key={s.type} ta="right">
                            {one(row[KEYS[s.type]])}
                          </Table.Td>
                        ),
                      )}
                      {raterNumbers.map((n) => {
                        const rater = peers[n - 1];
                        if (!rater) return <Table.Td key={`r-${n}`}>–</Table.Td>;
                        const text = (
                          <Text
                            size="sm"
                            c={rater.is_lowest ? 'red.9' : undefined}
                            fw={rater.is_lowest ? 600 : 400}
                          >
                            {rater.is_lowest ? '● ' : ''}
                            {rater.is_completed ? raterPoints(rater) : '–'}
                            {rater.is_lowest ? (
                              <VisuallyHidden> ({t('score.lowestMark')})</VisuallyHidden>
                            ) : null}
                          </Text>
                        );
                        return (
                          <Table.Td
                            key={`r-${n}`}
                            data-testid={`rater-cell-${rater.id}`}
                            data-lowest={rater.is_lowest}
                          >
                            {data.completed && rater.is_completed ? (
                              <UnstyledButton
                                onClick={() => setAdjusting({ rater, row })}
                                aria-label={t('score.adjust', { name: row.name })}
                              >
                                {text}
                              </UnstyledButton>
                            ) : (
                              text
                            )}
                          </Table.Td>
                        );
                      })}
                      <Table.Td>{self?.is_completed ? raterPoints(self) : '–'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Card>

      {adjusting ? (
        <AdjustModal
          ids={{ courseId, assignmentId }}
          rater={adjusting.rater}
          name={adjusting.row.name}
          onClose={() => setAdjusting(null)}
          onDone={() => {
            setAdjusting(null);
            void refresh();
          }}
        />
      ) : null}
      {ruling ? (
        <RulingModal
          ids={{ courseId, assignmentId }}
          objection={ruling}
          onClose={() => setRuling(null)}
          onDone={() => {
            setRuling(null);
            void refresh();
          }}
        />
      ) : null}
      {revising?.id ? (
        <RevisionModal
          ids={{ courseId, assignmentId }}
          reportId={revising.id}
          name={revising.name}
          current={revising.revisement_score}
          max={data.scores.find((s) => s.type === 'RE')?.max_score ?? 0}
          onClose={() => setRevising(null)}
          onDone={() => {
            setRevising(null);
            void refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}

function AdjustModal({
  ids,
  rater,
  name,
  onClose,
  onDone,
}: {
  ids: { courseId: number; assignmentId: number };
  rater: Rater;
  name: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [review, setReview] = useState<InstructorReview | null>(null);
  const [points, setPoints] = useState<Record<number, number | ''>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    fetchInstructorReview(ids.courseId, ids.assignmentId, rater.id)
      .then((r) => {
        if (!live) return;
        setReview(r);
        setPoints(Object.fromEntries(r.responses.map((x) => [x.id, x.edited_point ?? x.point ?? ''])));
        setReason(r.instructor_comment ?? '');
      })
      .catch(() => notify('save', { color: 'yellow', message: t('common.wrongRequest') }));
    return () => {
      live = false;
    };
  }, [ids.courseId, ids.assignmentId, rater.id, t]);
  const submit = async (initialise: boolean) => {
    if (!review) return;
    if (!initialise && review.responses.some((x) => points[x.id] === '' || points[x.id] === undefined)) {
      notify('save', { color: 'yellow', message: t('score.pointRequired') });
      return;
    }
    setBusy(true);
    try {
      await adjustReview(ids.courseId, ids.assignmentId, rater.id, {
        responses: review.responses.map((x) => {
          const edited = initialise ? null : Number(points[x.id]);
          // An edited point equal to the original is sent as null (no adjustment).
          return { id: x.id, edited_point: edited === x.point ? null : edited };
        }),
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
            {review.reviewer_name} → {name}
          </Text>
          {review.responses.map((x) => (
            <NumberInput
              key={x.id}
              label={t('score.pointOf', { question: x.standard.question, max: x.standard.max_point })}
              description={t('score.original', { point: x.point ?? '–' })}
              min={0}
              max={x.standard.max_point}
              allowDecimal={false}
              value={points[x.id] ?? ''}
              onChange={(v) => setPoints((p) => ({ ...p, [x.id]: typeof v === 'number' ? v : '' }))}
            />
          ))}
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

function RevisionModal({
  ids,
  reportId,
  name,
  current,
  max,
  onClose,
  onDone,
}: {
  ids: { courseId: number; assignmentId: number };
  reportId: number;
  name: string;
  current: number;
  max: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateReport(ids.courseId, ids.assignmentId, reportId);
  const [value, setValue] = useState<number | ''>(current);
  const save = async (body: { revisement_score?: number; initialise?: true }, message: string) => {
    try {
      await update.mutateAsync(body);
      notify('save', { color: 'teal', message });
      onDone();
    } catch {
      notify('save', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('score.revisionTitle', { name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <NumberInput
          label={t('score.revisionScore')}
          min={0}
          max={max}
          step={0.1}
          decimalScale={1}
          required
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : '')}
        />
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => void save({ initialise: true }, t('score.revisionInitialised'))}
          >
            {t('score.initialise')}
          </Button>
          <Button
            disabled={value === '' || value > max}
            loading={update.isPending}
            onClick={() => value !== '' && void save({ revisement_score: value }, t('score.revisionSaved'))}
          >
            {t('score.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RulingModal({
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
  const [reason, setReason] = useState('');
  const loadFailed = objectionQuery.isError;
  useEffect(() => {
    if (loadFailed) notify('save', { color: 'yellow', message: t('common.wrongRequest') });
  }, [loadFailed, t]);
  const rule = async (accepted: boolean) => {
    try {
      await ruling.mutateAsync({ accepted, reason });
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
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="ruling-modal">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {detail?.comment ?? ''}
        </Text>
        <Textarea
          label={t('score.reason')}
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
          <Button disabled={!reason.trim()} loading={ruling.isPending} onClick={() => void rule(true)}>
            {t('score.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
