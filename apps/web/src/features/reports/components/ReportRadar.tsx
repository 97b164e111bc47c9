import '../../../components/chart-styles';
import { RadarChart } from '@mantine/charts';
import { Card, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChartKey, type ChartKeyItem } from '../../../components/ChartKey';

/**
 * The report's radar: each score as a percentage of its maximum, the learner's (solid, with dots)
 * against the class average (dashed), with a key in that order that shows the same marks, so the
 * two read apart without colour. `who` names the learner's series ("me", or their name).
 */
export function ReportRadar({
  data,
  who,
}: {
  data: { type: string; me: number; average: number }[];
  who: string;
}) {
  const { t } = useTranslation();
  const series: ChartKeyItem[] = [
    { name: 'me', label: who, color: 'indigo.6', mark: 'line' },
    { name: 'average', label: t('report.classAverage'), color: 'gray.7', mark: 'dash' },
  ];
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={3} size="h5" mb="sm">
        {t('report.radar')}
      </Title>
      <ChartKey items={series} testId="report-radar-key" />
      <RadarChart
        h={280}
        data={data}
        dataKey="type"
        series={[
          { name: 'me', label: who, color: 'indigo.6', opacity: 0.3 },
          { name: 'average', label: t('report.classAverage'), color: 'gray.7', opacity: 0.08 },
        ]}
        radarProps={(s) =>
          s.name === 'average'
            ? { strokeDasharray: '6 4', strokeWidth: 2, className: 'pw-series-average' }
            : { strokeWidth: 2, className: 'pw-series-me', dot: { r: 3, fillOpacity: 1 } }
        }
        polarRadiusAxisProps={{ domain: [0, 100] }}
        // Room for the axis labels on a phone.
        radarChartProps={{ outerRadius: '62%' }}
        // A figure named by its label (a label on a bare div is not announced).
        role="figure"
        aria-label={t('report.radar')}
        data-testid="report-radar"
      />
    </Card>
  );
}
