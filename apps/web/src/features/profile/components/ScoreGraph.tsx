import '../../../components/chart-styles';
import '@mantine/core/styles/ColorSwatch.css';
import { LineChart } from '@mantine/charts';
import { Alert, Card, Center, Loader, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      <LineChart
        h={260}
        data={scores.data}
        dataKey="assignment"
        series={[{ name: 'standard_score', label: t('profile.scoreAxis'), color: 'brand.6' }]}
        yAxisProps={{ domain: [0, 'auto'] }}
        curveType="linear"
        withDots
        // One series: each point's score written beside it.
        withPointLabels
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
