import '../../../lib/texts/trace-texts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Report, UI } from '@pw/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RevisionTraceList } from '../../../components/RevisionTraceList';
import { useAfterFirstPaint } from '../../../lib/after-paint';
import { notify } from '../../../lib/notify';
import { useUpdateReport } from '../api/report';
import { OthersSection } from './OthersSection';
import { PeerLinks } from './PeerLinks';
import { ReportEssay } from './ReportEssay';
import { ReportRadar } from './ReportRadar';

type Key = 'essay_writing' | 'peer_review' | 'metacognition' | 'feedback_review' | 'revisement';
const KEY_OF: Record<Report['scores'][number]['type'], Key> = {
  ES: 'essay_writing',
  PE: 'peer_review',
  ME: 'metacognition',
  FE: 'feedback_review',
  RE: 'revisement',
};
const AVERAGE_FLAG: Partial<Record<Key, keyof Report>> = {
  essay_writing: 'is_average_essay_writing_score',
  peer_review: 'is_average_peer_review_score',
  metacognition: 'is_average_metacognition_score',
  feedback_review: 'is_average_feedback_review_score',
};
const one = (n: number | null | undefined) => (n == null ? '–' : (Math.round(n * 10) / 10).toString());

/**
 * A learner's report (part 2 §2): total and rank, the radar of the five scores against the class,
 * each score with its maximum and the class average ("not enough data" said in words), the points
 * received per standard with the metacognition sentence, how helpful the reviews were, how the
 * learner evaluated others, the essay and revision with the comparison, the answers, and the
 * instructor's comment (written here by the instructor and, on a wide screen, assistants), and on
 * a learner's own report the others section (their marks beside the other reviewers'). Read by
 * the learner it speaks to them ("you"); read by the instructor or an assistant it names the
 * learner, and lists who reviewed them and whom they reviewed, with links to those reports
 * (`reportHref`). `commenter` is who writes the comment here (null: nobody, the comment is only read).
 */
export function ReportView({
  report: r,
  ids,
  commenter,
  reportHref,
}: {
  report: Report;
  ids: { courseId: number; assignmentId: number };
  commenter: 'instructor' | 'assistant' | null;
  /** Where another report of the assignment opens (the instructor's and assistants' page). */
  reportHref?: (reportId: number) => string;
}) {
  const { t } = useTranslation();
  const [comment, setComment] = useState(r.comment?.content ?? '');
  // The learner's own report says "you"; anyone else's names the learner (report.about.*).
  const say = (key: string, values: Record<string, unknown> = {}) =>
    r.is_my_report ? t(`report.${key}`, values) : t(`report.about.${key}`, { ...values, name: r.name });
  const update = useUpdateReport(ids.courseId, ids.assignmentId, r.id);
  // On a phone the comment section is the instructor's (part 2 §2): assistants read it there and
  // write it on a wide screen; learners see it on a wide screen only.
  const narrow = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const canComment = commenter === 'instructor' || (commenter === 'assistant' && !narrow);
  // The first screen (the total, the radar's place and the score table) paints before the rest and
  // the radar's chart are rendered: on a phone that render held the first paint by a few hundred
  // milliseconds (issue 35).
  const painted = useAfterFirstPaint();
  const maxTotal = r.scores.reduce((sum, s) => sum + s.max_score, 0);
  // Where the peer-review score's accuracy came from: measured, or a stand-in said in words.
  const basis = r.explanation.evaluation.accuracy_basis;
  const rows = r.scores.map((s) => {
    const key = KEY_OF[s.type];
    const mine = r[`${key}_score`];
    const avg = r[`${key}_score_avg`];
    const flag = AVERAGE_FLAG[key];
    return { type: s.type, max: s.max_score, mine, avg, averageGiven: flag ? Boolean(r[flag]) : false };
  });
  const radar = rows.map((row) => ({
    type: t(`report.types.${row.type}`),
    me: row.max > 0 ? Math.round((row.mine / row.max) * 100) : 0,
    average: row.max > 0 ? Math.round((row.avg / row.max) * 100) : 0,
  }));

  const saveComment = async () => {
    try {
      await update.mutateAsync({ comment: { content: comment } });
      notify('save', { color: 'teal', message: t('report.commentSaved') });
    } catch {
      notify('save', { color: 'yellow', message: t('common.wrong') });
    }
  };

  return (
    <Stack gap="lg" data-testid="report-view">
      {r.provisional ? (
        <Alert color="yellow" data-testid="report-provisional">
          {t('report.provisional')}
        </Alert>
      ) : null}
      <Card withBorder radius="lg" p="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Text c="dimmed" size="sm">
              {r.name}
            </Text>
            <Title order={2} size="h2" data-testid="report-total">
              {t('report.total')} {t('report.outOf', { score: one(r.total), max: maxTotal })}
            </Title>
            {r.total_info ? (
              <Text size="sm" data-testid="report-rank">
                {t('report.rank', {
                  rank: r.total_info.rank,
                  count: r.total_info.member_cnt,
                  percent: one(r.total_info.percent),
                })}
              </Text>
            ) : !r.submitted ? (
              <Text size="sm" c="dimmed" data-testid="report-not-ranked">
                {t('report.notRanked')}
              </Text>
            ) : null}
          </Stack>
          <Badge variant="light" size="lg">
            {t('report.classAverage')} {one(r.total_avg)}
          </Badge>
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ReportRadar data={radar} who={say('me')} painted={painted} />
        <Card withBorder radius="lg" p="lg">
          <Title order={3} size="h5" mb="sm">
            {t('report.scoreTable')}
          </Title>
          <Table striped data-testid="report-scores">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <VisuallyHidden>{t('report.scoreKind')}</VisuallyHidden>
                </Table.Th>
                <Table.Th ta="right">{say('mine')}</Table.Th>
                <Table.Th ta="right">{t('report.max')}</Table.Th>
                <Table.Th ta="right">{t('report.average')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.type}>
                  <Table.Th scope="row">{t(`report.types.${row.type}`)}</Table.Th>
                  <Table.Td ta="right">{one(row.mine)}</Table.Td>
                  <Table.Td ta="right">{row.max}</Table.Td>
                  <Table.Td ta="right">{one(row.avg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {rows
            .filter((row) => row.averageGiven)
            .map((row) => (
              <Text key={row.type} size="sm" c="dimmed" mt="xs" data-testid={`average-given-${row.type}`}>
                {t(`report.types.${row.type}`)}:{' '}
                {row.type === 'PE' && basis === 'neutral'
                  ? t('report.neutralGiven')
                  : t('report.averageGiven')}
              </Text>
            ))}
        </Card>
      </SimpleGrid>

      {painted ? (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder radius="lg" p="lg">
              <Title order={3} size="h5" mb="sm">
                {say('pointsTitle')}
              </Title>
              {r.peer_review_points.length === 0 ? (
                <Text c="dimmed">{t('report.noPoints')}</Text>
              ) : (
                <Stack gap="sm">
                  {r.peer_review_points.map((p) => (
                    <Stack key={p.standard_id} gap={2}>
                      <Text fw={600} size="sm">
                        {p.question}
                      </Text>
                      <Text size="sm">
                        {p.avg == null
                          ? t('report.noPoints')
                          : t('report.pointsAvg', { avg: one(p.avg), std: one(p.std), max: p.max_point })}
                      </Text>
                      {p.self_gap != null ? (
                        <Text size="sm" c="dimmed" data-testid="metacognition-sentence">
                          {Math.abs(p.self_gap) < 0.05
                            ? say('selfSame', { question: p.question })
                            : say(p.self_gap > 0 ? 'selfAbove' : 'selfBelow', {
                                gap: one(Math.abs(p.self_gap)),
                                question: p.question,
                              })}
                        </Text>
                      ) : null}
                    </Stack>
                  ))}
                </Stack>
              )}
            </Card>
            <Card withBorder radius="lg" p="lg">
              <Stack gap="md">
                <Stack gap={4}>
                  <Title order={3} size="h5">
                    {say('evaluationTitle')}
                  </Title>
                  <Text size="sm">
                    {say('evaluationDone', {
                      completed: r.explanation.evaluation.completed,
                      assigned: r.explanation.evaluation.assigned,
                    })}
                  </Text>
                  <Text size="sm" data-testid="evaluation-basis">
                    {basis === 'neutral'
                      ? say('abilityNeutral')
                      : basis === 'class_average'
                        ? say('abilityClassAverage')
                        : r.explanation.evaluation.closeness == null
                          ? say('noComparison')
                          : say('closeness', {
                              percent: Math.round(r.explanation.evaluation.closeness * 100),
                            })}
                  </Text>
                  {r.explanation.evaluation.is_lowest ? (
                    <Text size="sm" c="red.8">
                      {say('lowest')}
                    </Text>
                  ) : null}
                </Stack>
                {r.scores.some((x) => x.type === 'FE') ? (
                  <Stack gap={4}>
                    <Title order={3} size="h5">
                      {say('feedbackTitle')}
                    </Title>
                    <Text size="sm">
                      {r.feedback_review_point.avg == null
                        ? t('report.noFeedback')
                        : t('report.feedbackAvg', {
                            avg: one(r.feedback_review_point.avg),
                            std: one(r.feedback_review_point.std),
                          })}
                    </Text>
                  </Stack>
                ) : null}
              </Stack>
            </Card>
          </SimpleGrid>

          {r.completed && r.submitted && r.peer_review_performance.reviewers.length < r.reviews_asked ? (
            <Alert color="blue" data-testid="report-reviews-short">
              {r.peer_review_performance.reviewers.length === 0
                ? t('report.reviewsNone')
                : t('report.reviewsShort', {
                    received: r.peer_review_performance.reviewers.length,
                    asked: r.reviews_asked,
                  })}
            </Alert>
          ) : null}

          {r.peer_review_performance.reviewers.length ? (
            <Card withBorder radius="lg" p="lg" data-testid="report-received">
              <Title order={3} size="h5" mb="sm">
                {say('receivedTitle')}
              </Title>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {r.peer_review_performance.reviewers.map((x) => (
                  <Stack key={x.id} gap={4}>
                    <Text fw={600} size="sm">
                      {x.matching.reviewer_name}
                    </Text>
                    {x.matching.responses.map((resp) => (
                      <Text key={resp.id} size="sm">
                        {resp.standard.question}: {resp.point ?? '–'}/{resp.standard.max_point} —{' '}
                        {resp.comment}
                      </Text>
                    ))}
                  </Stack>
                ))}
              </SimpleGrid>
            </Card>
          ) : null}

          {r.essay ? (
            <ReportEssay essay={r.essay} revision={r.revisement} retrospective={r.retrospective} />
          ) : null}

          {r.revision_trace && r.revisement ? (
            <Card withBorder radius="lg" p="lg" data-testid="report-trace">
              <Title order={3} size="h5" mb="sm">
                {t('trace.reportTitle')}
              </Title>
              <RevisionTraceList trace={r.revision_trace} />
            </Card>
          ) : null}

          {r.peer_links && reportHref ? (
            <PeerLinks links={r.peer_links} name={r.name} reportHref={reportHref} />
          ) : null}

          {r.questions.responses.length ? (
            <Card withBorder radius="lg" p="lg">
              <Title order={3} size="h5" mb="sm">
                {t('report.questionsTitle')}
              </Title>
              <Stack gap="sm">
                {r.questions.responses.map((q) => (
                  <Stack key={q.id} gap={2}>
                    <Text fw={600} size="sm">
                      {q.id + 1}. {q.quiz.quiz}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {q.response || '–'}
                    </Text>
                  </Stack>
                ))}
              </Stack>
            </Card>
          ) : null}

          {narrow && commenter === null ? null : (
            <Card withBorder radius="lg" p="lg" data-testid="report-comment">
              <Title order={3} size="h5" mb="sm">
                {t('report.commentTitle')}
              </Title>
              {canComment ? (
                <Stack gap="sm">
                  <Textarea
                    aria-label={t('report.commentTitle')}
                    value={comment}
                    onChange={(e) => setComment(e.currentTarget.value)}
                    minRows={5}
                    autosize
                    maxLength={5000}
                  />
                  <Group justify="flex-end">
                    <Button onClick={() => void saveComment()} loading={update.isPending}>
                      {t('report.saveComment')}
                    </Button>
                  </Group>
                </Stack>
              ) : (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={r.comment ? undefined : 'dimmed'}>
                  {r.comment?.content ?? t('report.noComment')}
                </Text>
              )}
            </Card>
          )}

          {r.is_my_report && r.given_reviews ? <OthersSection given={r.given_reviews} /> : null}
        </>
      ) : null}
    </Stack>
  );
}
