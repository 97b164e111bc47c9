import { formatOneDecimal as one } from '../../../lib/format';
import '../results-texts';
import { Anchor, Card, Center, Loader, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ChartKey, type ChartKeyItem } from '../../../components/ChartKey';
import { Chart } from '../../../components/charts/Chart';
import { personalScoreSpec } from '../../../components/charts/chart-spec';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { usePersonalScore } from '../api/results';

const PARTS = [
  'essay_writing_score',
  'peer_review_score',
  'metacognition_score',
  'feedback_review_score',
  'revisement_score',
] as const;

/**
 * A learner's scores by assignment beside the class average (part 2 §2): the personal score an
 * instructor or assistant opens from the results (`…/results/enrolls/{enrollId}/personal-score`)
 * and a learner's own "my score" (`/courses/{id}/learner/my-score`). Each row links to the report.
 * A load error goes to /404 (part 2 §8).
 */
export function PersonalScorePage({ mine = false }: { mine?: boolean }) {
  const { t } = useTranslation();
  const { courseId, role, course } = useCourseContext();
  const enrollId = Number(useParams().enrollId);
  const score = usePersonalScore(courseId, mine ? null : enrollId);
  if ((!mine && !isManagerRole(role)) || score.isError) return <Navigate replace to="/404" />;
  if (!score.data) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  const data = score.data;
  const back = mine ? coursePath(courseId, role) : coursePath(courseId, role, 'results');
  const chart = data.assignments.map((a) => ({
    name: a.name,
    me: a.individual_score?.total ?? 0,
    average: a.all_score.total,
  }));
  // The bars left to right and the key in the same order: the learner solid, the class hatched.
  const spec = personalScoreSpec(chart, {
    assignment: t('results.assignment'),
    me: mine ? t('results.me') : data.name,
    classAverage: t('results.classAverage'),
  });
  const series: ChartKeyItem[] = spec.series.map(({ name, label, color, mark }) => ({
    name,
    label,
    color,
    mark,
  }));
  return (
    <Stack gap="lg" maw={1100} data-testid="personal-score-page">
      <Anchor component={Link} to={back} size="sm">
        ← {mine ? course.name : t('results.title')}
      </Anchor>
      <Title order={1} size="h3" data-testid="personal-score-title">
        {mine ? t('results.myTitle') : t('results.personalTitle', { name: data.name })}
      </Title>
      {data.assignments.length === 0 ? (
        <Text c="dimmed" data-testid="personal-score-empty">
          {t('results.empty')}
        </Text>
      ) : (
        <>
          <Card withBorder radius="lg" p="lg">
            <Title order={2} size="h5" mb="sm">
              {t('results.personalChart')}
            </Title>
            <ChartKey items={series} testId="personal-score-key" />
            <Chart
              height={260}
              mt="sm"
              spec={spec}
              label={t('results.personalChart')}
              testId="personal-score-chart"
            />
          </Card>
          <Card withBorder radius="lg" p="lg">
            <ScrollArea>
              <Table striped miw={640} data-testid="personal-score-table">
                <Table.Caption>{t('results.personalCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('results.assignment')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('results.keys.total')}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('results.classAverage')}
                    </Table.Th>
                    {PARTS.map((p) => (
                      <Table.Th key={p} scope="col" ta="right">
                        {t(`results.keys.${p}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.assignments.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Th scope="row">
                        {a.report ? (
                          <Anchor
                            component={Link}
                            to={coursePath(courseId, role, `assignments/${a.id}/reports/${a.report}`)}
                            size="sm"
                          >
                            {a.name}
                          </Anchor>
                        ) : (
                          <Text size="sm">{a.name}</Text>
                        )}
                      </Table.Th>
                      <Table.Td ta="right" fw={600}>
                        {a.individual_score
                          ? `${one(a.individual_score.total)} / ${a.max_total}`
                          : t('results.noScore')}
                      </Table.Td>
                      <Table.Td ta="right">{one(a.all_score.total)}</Table.Td>
                      {PARTS.map((p) => (
                        <Table.Td key={p} ta="right">
                          {a.individual_score ? one(a.individual_score[p]) : '–'}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Card>
        </>
      )}
    </Stack>
  );
}

/** `/courses/{id}/learner/my-score`: the learner's own scores. */
export function MyScorePage() {
  return <PersonalScorePage mine />;
}
