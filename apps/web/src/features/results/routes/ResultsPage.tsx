import '../results-texts';
import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { useCourseResults, useScoresByLearner, useWeights } from '../api/results';
import { ResultsChart } from '../components/ResultsChart';
import { ResultsTable } from '../components/ResultsTable';
import { WeightsForm } from '../components/WeightsForm';

/**
 * `/courses/{id}/{role}/results` (instructor and assistants, part 2 §2): the class averages by
 * assignment, the weights, and the task score table with export. Only completed assignments
 * count. As the spec's page does, it fetches the course results (the table), the weights and the
 * scores by learner (the chart's class averages) together. Learners and load errors go home
 * (part 2 §8).
 */
export function ResultsPage() {
  const { t } = useTranslation();
  const { courseId, role, course } = useCourseContext();
  const results = useCourseResults(courseId);
  const weights = useWeights(courseId);
  const byLearner = useScoresByLearner(courseId);
  if (!isManagerRole(role) || results.isError || weights.isError || byLearner.isError)
    return <Navigate replace to="/" />;
  if (!results.data || !weights.data || !byLearner.data) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  const data = results.data;
  return (
    <Stack gap="lg" maw={1200} data-testid="results-page">
      <Anchor component={Link} to={coursePath(courseId, role)} size="sm">
        ← {course.name}
      </Anchor>
      <Title order={1} size="h3">
        {t('results.title')}
      </Title>
      {data.table.headers.length === 0 ? (
        <Text c="dimmed" data-testid="results-empty">
          {t('results.empty')}
        </Text>
      ) : (
        <>
          <ResultsChart assignments={byLearner.data.assignments} />
          <WeightsForm
            key={weights.data.map((w) => `${w.id}:${w.weight}`).join(',')}
            courseId={courseId}
            weights={weights.data}
            editable={role === 'instructor'}
          />
          <ResultsTable results={data} />
        </>
      )}
    </Stack>
  );
}
