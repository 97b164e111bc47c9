import { Alert, Card, Center, Loader, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/charts/Chart';
import { standardScoreSpec } from '../../../components/charts/chart-spec';
import { useStandardScores } from '../api/profile';

/** Learners' standard score per assignment (part 1 §2): fetched when it scrolls into view, y axis from zero. */
export function ScoreGraph() {
  const { t } = useTranslation();
  const { ref, entry } = useIntersection({ threshold: 0.1 });
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (entry?.isIntersecting) setSeen(true);
  }, [entry?.isIntersecting]);
  const scores = useStandardScores(seen);

  let content: ReactNode;
  if (!seen || scores.isPending) {
    content = (
      <Center h={200} aria-busy="true">
        <Loader size="sm" aria-label={t('profile.scoreLoading')} />
      </Center>
    );
  } else if (scores.isError) {
    content = <Alert color="yellow">{t('profile.scoreError')}</Alert>;
  } else if (scores.data.length === 0) {
    content = (
      <Text c="dimmed" py="xl" ta="center" data-testid="score-empty">
        {t('profile.scoreEmpty')}
      </Text>
    );
  } else {
    content = (
      // One series, y from zero: each point's score written above it.
      <Chart
        height={260}
        spec={standardScoreSpec(scores.data, {
          assignment: t('profile.scoreAssignment'),
          score: t('profile.scoreAxis'),
        })}
        label={t('profile.scoreTitle')}
        testId="score-graph-chart"
      />
    );
  }
  return (
    <Card withBorder radius="lg" p="lg" ref={ref} data-testid="score-graph">
      <Title order={2} size="h4" mb="md">
        {t('profile.scoreTitle')}
      </Title>
      {content}
    </Card>
  );
}
