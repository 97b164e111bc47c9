import { Box, Card, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartKey, type ChartKeyItem } from '../../../components/ChartKey';

// The chart library (Chart.js) is asked for once the report's text and table have painted, in the
// chart's own chunk; its place is kept meanwhile, so nothing moves when it arrives (issue 35).
const RadarBody = lazy(() => import('./ReportRadarChart'));
/** The chart's height, also of its place while it loads. */
const RADAR_HEIGHT = 280;

/**
 * The report's radar: each score as a percentage of its maximum, the learner's (solid, with dots)
 * against the class average (dashed), with a key in that order that shows the same marks, so the
 * two read apart without colour. `who` names the learner's series ("me", or their name).
 * `painted`: the report's first screen is on screen (ReportView's useAfterFirstPaint, one watch of
 * the page's paint for the chart and the sections below it); until then the chart keeps its place.
 */
export function ReportRadar({
  data,
  who,
  painted,
}: {
  data: { type: string; me: number; average: number }[];
  who: string;
  painted: boolean;
}) {
  const { t } = useTranslation();
  const place = <Box h={RADAR_HEIGHT} aria-busy="true" />;
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
      {painted ? (
        <Suspense fallback={place}>
          <RadarBody data={data} who={who} height={RADAR_HEIGHT} />
        </Suspense>
      ) : (
        place
      )}
    </Card>
  );
}
