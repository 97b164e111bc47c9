import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/charts/Chart';
import { radarSpec } from '../../../components/charts/chart-spec';

/** The radar itself (loaded on demand by ReportRadar, with Chart.js). */
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
    <Chart
      height={height}
      spec={radarSpec(data, { kind: t('report.scoreKind'), me: who, classAverage: t('report.classAverage') })}
      label={t('report.radar')}
      testId="report-radar"
    />
  );
}
