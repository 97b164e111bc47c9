import {
  Alert,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Report } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { useAfterFirstPaint } from '../../../lib/after-paint';
import { formatOneDecimal as one } from '../../../lib/format';
import { ReportDetails } from './ReportDetails';
import { ReportRadar } from './ReportRadar';
import { type ReportProps, useReportVoice } from './report-voice';

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

/**
 * A learner's report (part 2 §2): total and rank, the radar of the five scores against the class,
 * each score with its maximum and the class average ("not enough data" said in words); once that
 * first screen has painted, the rest (ReportDetails, which lists it). Read by the learner it speaks
 * to them ("you"); read by the instructor or an assistant it names the learner (report-voice.ts).
 */
export function ReportView({ report: r, ids, commenter, reportHref }: ReportProps) {
  const { t } = useTranslation();
  const say = useReportVoice(r);
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
        <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Title order={3} size="h5" mb="sm">
            {t('report.scoreTable')}
          </Title>
          {/* Fits a phone (the English "Class average" column was cut off at 390 px); should a
              longer label ever not fit, the table scrolls rather than being cut. */}
          <Table.ScrollContainer minWidth={0} type="native">
            <Table striped horizontalSpacing={8} data-testid="report-scores">
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
          </Table.ScrollContainer>
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

      {painted ? <ReportDetails report={r} ids={ids} commenter={commenter} reportHref={reportHref} /> : null}
    </Stack>
  );
}
