import '../../../lib/texts/trace-texts';
import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RevisionTraceList } from '../../../components/RevisionTraceList';
import { formatOneDecimal as one } from '../../../lib/format';
import { OthersSection } from './OthersSection';
import { PeerLinks } from './PeerLinks';
import { ReportComment } from './ReportComment';
import { ReportEssay } from './ReportEssay';
import { type ReportProps, useReportVoice } from './report-voice';

/**
 * The report below its first screen (ReportView renders it once that has painted): the points
 * received per standard with the metacognition sentence, how the learner evaluated others and how
 * helpful their reviews were, the reviews received, the essay and revision with the comparison and
 * the revision trace, the links to the reports of the learner's reviewers and reviewees, the
 * answers, the instructor's comment, and on a learner's own report the others section.
 */
export function ReportDetails({ report: r, ids, commenter, reportHref }: ReportProps) {
  const { t } = useTranslation();
  const say = useReportVoice(r);
  // Where the peer-review score's accuracy came from: measured, or a stand-in said in words.
  const basis = r.explanation.evaluation.accuracy_basis;
  return (
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
                    {resp.standard.question}: {resp.point ?? '–'}/{resp.standard.max_point} — {resp.comment}
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

      <ReportComment report={r} ids={ids} commenter={commenter} />

      {r.is_my_report && r.given_reviews ? <OthersSection given={r.given_reviews} /> : null}
    </>
  );
}
