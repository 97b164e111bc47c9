import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Chart } from '../../../components/charts/Chart';
import { bandsSpec } from '../../../components/charts/chart-spec';
import { ReliabilityCard } from '../../../components/ReliabilityCard';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath } from '../../../lib/course-mode';
import { formatOneDecimal as one } from '../../../lib/format';
import { scoresKey, useScores } from '../api/scores';
import { AdjustModal } from '../components/AdjustModal';
import { CalibrationCard } from '../components/CalibrationCard';
import { ReleaseCard } from '../components/ReleaseCard';
import { RevisionModal } from '../components/RevisionModal';
import { RulingModal } from '../components/RulingModal';
import { SideBySideModal } from '../components/SideBySideModal';
import {
  isFlagged,
  isOwnWork,
  rowOffers,
  type ScoreFilter,
  type ScoreRow,
  type ScoreSort,
  sortAndFilterRows,
} from '../components/score-rows';

type Row = ScoreRow;
type Rater = Row['pr_performance']['reviewers'][number];
const KEYS = {
  ES: 'essay_writing_score',
  PE: 'peer_review_score',
  ME: 'metacognition_score',
  FE: 'feedback_review_score',
  RE: 'revisement_score',
} as const;

/** Points a rater gave, as shown in a cell: the edited point where the instructor adjusted. */
const raterPoints = (r: Rater) => r.responses.map((x) => x.edited_point ?? x.point ?? '–').join(' · ');
/** The reviewer's own points, for the title of an adjusted cell. */
const givenPoints = (r: Rater) => r.responses.map((x) => x.point ?? '–').join(' · ');
/**
 * `/assignments/{id}/score` (instructor and assistants, part 2 §2): the histogram of totals in
 * 10-point bands once complete, the table of the five scores with one column per rater and a self
 * column (red marks for the least consistent evaluators, with a legend and a text mark), sorting
 * by total, name or raters' disagreement, filters (name, a least consistent rater, an open review, a
 * waiting objection), adjusted cells marked (✎ and a screen-reader word), the score-adjustment,
 * objection-ruling and revision score modals (`components/`), offered on no row of the caller's
 * own work (the instructor's seat: `rowOffers`).
 */
export function ScorePage() {
  const { t } = useTranslation();
  const { courseId, role, info } = useCourseContext();
  const assignmentId = Number(useParams().assignmentId);
  const scores = useScores(courseId, assignmentId);
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<ScoreSort>('total');
  const [filter, setFilter] = useState<ScoreFilter>('all');
  const [search, setSearch] = useState('');
  const [adjusting, setAdjusting] = useState<{ rater: Rater; row: Row } | null>(null);
  const [revising, setRevising] = useState<Row | null>(null);
  const [ruling, setRuling] = useState<{ id: number; name: string } | null>(null);
  const [comparing, setComparing] = useState<Row | null>(null);
  const data = scores.data;
  const rows = useMemo(
    () =>
      data
        ? sortAndFilterRows(data, {
            sort,
            filter,
            search,
            // Disagreement triage: the flagged essays first in the default order before completion.
            flaggedFirst: !data.completed && sort === 'total',
          })
        : [],
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
    count: data.reports.filter((r) => r.submitted && Math.min(9, Math.floor(r.total / 10)) === i).length,
  }));
  const unsubmitted = data.reports.filter((r) => !r.submitted).length;
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
      {data.release_pending ? <ReleaseCard courseId={courseId} assignmentId={assignmentId} /> : null}
      {data.completed ? (
        <Card withBorder radius="lg" p="lg">
          <Title order={2} size="h5" mb="sm">
            {t('score.histogram')}
          </Title>
          {/* One series: each band's count written on its bar, so colour carries nothing. */}
          <Chart
            height={220}
            spec={bandsSpec(bands, { band: t('score.bandColumn'), learners: t('score.learners') })}
            label={t('score.histogram')}
            testId="score-histogram"
          />
          {unsubmitted > 0 ? (
            <Text size="sm" c="dimmed" mt="xs" data-testid="histogram-note">
              {t('score.rankedOnly', { count: data.reports.length - unsubmitted, left: unsubmitted })}
            </Text>
          ) : null}
        </Card>
      ) : (
        <Alert color="yellow" data-testid="score-not-completed">
          {t('score.notCompleted')}
        </Alert>
      )}

      <ReliabilityCard standards={data.reliability} />
      <CalibrationCard courseId={courseId} assignmentId={assignmentId} />
      {data.previous_reliability ? (
        <ReliabilityCard
          standards={data.previous_reliability.standards}
          title={t('score.reliability.previousTitle', { name: data.previous_reliability.assignment_name })}
          hint={t('score.reliability.previousHint')}
          testId="previous-reliability"
        />
      ) : null}

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
                  {isOwnWork(o.author, info.enrollment) ? null : (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setRuling({ id: o.id, name: author?.name ?? '' })}
                    >
                      {t('score.openObjection', { name: author?.name ?? '' })}
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="lg" p="lg">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('score.lowestLegend')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('score.adjustedLegend')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('score.disagreeLegend')}
            </Text>
          </Stack>
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
                { value: 'disagree', label: t('score.filterDisagree') },
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
                  <Table.Th>{t('score.disagreeColumn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => {
                  const peers = row.pr_performance.reviewers.filter((x) => !x.is_self_review);
                  const self = row.pr_performance.reviewers.find((x) => x.is_self_review);
                  // Those without an essay come last, under a row saying why they are apart.
                  const apart = !row.submitted && (i === 0 || rows[i - 1]?.submitted === true);
                  const offers = rowOffers(row, {
                    completed: data.completed,
                    ownEnrollment: info.enrollment,
                  });
                  return (
                    <Fragment key={row.enrollment}>
                      {apart ? (
                        <Table.Tr data-testid="unsubmitted-heading">
                          <Table.Td colSpan={4 + data.scores.length + raterNumbers.length}>
                            {/* Held at the left edge and wrapped to the screen while the wide table scrolls sideways. */}
                            <Text
                              size="sm"
                              fw={600}
                              maw="calc(100vw - 5rem)"
                              style={{ position: 'sticky', left: 0 }}
                            >
                              {t('score.unsubmittedApart')}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ) : null}
                      <Table.Tr
                        data-submitted={row.submitted}
                        data-own={offers.own}
                        data-flagged={isFlagged(row) || undefined}
                      >
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
                          s.type === 'RE' && offers.revision ? (
                            <Table.Td key={s.type} ta="right" data-testid="revision-cell">
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
                              c={rater.is_lowest ? 'red.9' : rater.is_adjusted ? 'indigo.8' : undefined}
                              fw={rater.is_lowest || rater.is_adjusted ? 600 : 400}
                              td={rater.is_adjusted ? 'underline' : undefined}
                              style={{ whiteSpace: 'nowrap' }}
                            >
                              {rater.is_lowest ? '● ' : ''}
                              {rater.is_adjusted ? '✎ ' : ''}
                              {rater.is_completed ? raterPoints(rater) : '–'}
                              {rater.is_lowest ? (
                                <VisuallyHidden> ({t('score.lowestMark')})</VisuallyHidden>
                              ) : null}
                              {rater.is_adjusted ? (
                                <VisuallyHidden>
                                  {' '}
                                  ({t('score.adjustedCell', { points: givenPoints(rater) })})
                                </VisuallyHidden>
                              ) : null}
                            </Text>
                          );
                          return (
                            <Table.Td
                              key={`r-${n}`}
                              data-testid={`rater-cell-${rater.id}`}
                              data-lowest={rater.is_lowest}
                              data-adjusted={rater.is_adjusted}
                              title={
                                rater.is_adjusted
                                  ? t('score.adjustedCell', { points: givenPoints(rater) })
                                  : undefined
                              }
                            >
                              {offers.adjust(rater) ? (
                                <UnstyledButton
                                  onClick={() => setAdjusting({ rater, row })}
                                  // The button's name replaces its text: it repeats the marks in words.
                                  aria-label={[
                                    t('score.adjust', { name: row.name }),
                                    rater.is_lowest ? t('score.lowestMark') : '',
                                    rater.is_adjusted
                                      ? t('score.adjustedCell', { points: givenPoints(rater) })
                                      : '',
                                  ]
                                    .filter(Boolean)
                                    .join(', ')}
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
                        <Table.Td>
                          {isFlagged(row) ? (
                            <Badge
                              component="button"
                              type="button"
                              color="orange"
                              variant="light"
                              style={{ cursor: 'pointer' }}
                              aria-label={t('score.disagreeOpen', { name: row.name })}
                              onClick={() => setComparing(row)}
                              data-testid="disagreement-flag"
                            >
                              ⚠ {t('score.disagreeFlag')}
                            </Badge>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Card>

      <SideBySideModal
        row={comparing}
        questions={data.reliability.map((r) => r.question)}
        canAdjust={(rater) =>
          comparing !== null &&
          rowOffers(comparing, { completed: data.completed, ownEnrollment: info.enrollment }).adjust(rater)
        }
        onAdjust={(rater) => {
          if (comparing) setAdjusting({ rater, row: comparing });
          setComparing(null);
        }}
        onClose={() => setComparing(null)}
      />
      {adjusting ? (
        <AdjustModal
          ids={{ courseId, assignmentId }}
          matchingId={adjusting.rater.id}
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
