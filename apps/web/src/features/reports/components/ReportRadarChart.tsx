import '../../../components/chart-styles';
import { RadarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';

/** The radar itself (loaded on demand by ReportRadar, with recharts). */
export default function ReportRadarChart({
  data,
  who,
  height,
}: {
  data: { type: string; me: number; average: number }[];
  who: string;
  height: number;
}) {
  const { t } = useTranslation();
  return (
    <RadarChart
      h={height}
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
  );
}
