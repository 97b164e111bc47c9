import '../results-texts';
import { Card, Group, Radio, Text, Title } from '@mantine/core';
import { RESULT_SCORE_KEYS, type ResultScoreKey, type ScoresByLearner } from '@pw/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/charts/Chart';
import { classAverageSpec } from '../../../components/charts/chart-spec';

/**
 * The class averages by assignment (active learners), one score at a time (part 2 §2), from the
 * scores by learner (`all_score`). One series, each bar labelled with its value.
 */
export function ResultsChart({ assignments }: { assignments: ScoresByLearner['assignments'] }) {
  const { t } = useTranslation();
  const [key, setKey] = useState<ResultScoreKey>('total');
  const data = assignments.map((a) => ({ name: a.name, average: a.all_score[key] }));
  return (
    <Card withBorder radius="lg" p="lg" data-testid="results-chart">
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <Title order={2} size="h5">
          {t('results.chartTitle')}
        </Title>
        <Radio.Group
          value={key}
          onChange={(v) => setKey(v as ResultScoreKey)}
          aria-label={t('results.chartFilter')}
        >
          <Group gap="sm" wrap="wrap">
            {RESULT_SCORE_KEYS.map((k) => (
              <Radio key={k} value={k} label={t(`results.keys.${k}`)} size="xs" />
            ))}
          </Group>
        </Radio.Group>
      </Group>
      <Chart
        height={240}
        spec={classAverageSpec(data, {
          assignment: t('results.assignment'),
          classAverage: t('results.classAverage'),
        })}
        label={t('results.chartAria', { score: t(`results.keys.${key}`) })}
        testId="results-chart-figure"
      />
      <Text size="xs" c="dimmed" mt="xs">
        {t('results.chartNote')}
      </Text>
    </Card>
  );
}
