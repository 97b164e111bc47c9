import { Card, Stack, Table, Text, Title } from '@mantine/core';
import type { Report } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { formatOneDecimal as one } from '../../../lib/format';

/**
 * The report's "others" section (part 2 §2), shown only on a learner's own report: the essays
 * they reviewed, by the same "Peer n" labels as on their review list, each mark beside the mean
 * of the other peer reviewers' marks, and per standard whether they marked more leniently or more
 * strictly than the others.
 */
export function OthersSection({ given }: { given: NonNullable<Report['given_reviews']> }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" p="lg" data-testid="report-others">
      <Title order={3} size="h5" mb={4}>
        {t('report.othersTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('report.othersHelp')}
      </Text>
      {given.reviews.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('report.othersNone')}
        </Text>
      ) : (
        <Stack gap="md">
          <Stack gap={2}>
            {given.bias.map((b) => (
              <Text key={b.question} size="sm" data-testid="report-others-bias">
                {b.mean_deviation == null
                  ? t('report.biasNone', { question: b.question })
                  : Math.abs(b.mean_deviation) < 0.5
                    ? t('report.biasSame', { question: b.question })
                    : t(b.mean_deviation > 0 ? 'report.biasAbove' : 'report.biasBelow', {
                        question: b.question,
                        gap: one(Math.abs(b.mean_deviation)),
                      })}
              </Text>
            ))}
          </Stack>
          <Table.ScrollContainer
            minWidth={340}
            // Scrolled sideways by keyboard too on a phone (the table holds no control).
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('report.othersCaption') },
            }}
          >
            <Table striped withTableBorder>
              <Table.Caption>{t('report.othersCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('report.othersEssay')}</Table.Th>
                  <Table.Th scope="col">{t('report.othersStandard')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('report.othersMine')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('report.othersAvg')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {given.reviews.flatMap((review) =>
                  review.standards.map((s) => (
                    <Table.Tr key={`${review.label}-${s.standard_id}`}>
                      {s === review.standards[0] ? (
                        <Table.Th scope="row" rowSpan={review.standards.length} fw={600}>
                          {t('review.peer', { n: review.label })}
                          {review.is_completed ? null : (
                            <Text span size="xs" c="dimmed" display="block">
                              {t('report.othersOpen')}
                            </Text>
                          )}
                        </Table.Th>
                      ) : null}
                      <Table.Td>{s.question}</Table.Td>
                      <Table.Td ta="right">
                        {s.my_point == null ? '–' : `${s.my_point}/${s.max_point}`}
                      </Table.Td>
                      <Table.Td ta="right">
                        {s.others_avg == null
                          ? t('report.othersNoOne')
                          : t('report.othersAvgOf', { avg: one(s.others_avg), count: s.others_count })}
                      </Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Card>
  );
}
