import { Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { IconScale } from '../../components/icons';
import { useStageLabels } from '../../components/StageText';
import { usePerformanceContext } from '../../lib/performance-context';

/**
 * `/performances/:stageKey` of a step with no work of the learner's own: the adjustment step,
 * when the instructor and assistants look over the peer reviews and may correct points. It says
 * so, and that the next stage opens when they move on. Stages not open yet go to the info tab.
 */
export function AdjustmentNotice() {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const { stageKey } = useParams();
  const { steps, current } = usePerformanceContext();
  const index = steps.findIndex((s) => s.code === stageKey);
  if (index < 0 || index > current) return <Navigate replace to="../info" relative="path" />;
  const step = steps[index];
  const stage = step ? labels.step(step.models) : labels.code('AD');
  return (
    <Card withBorder radius="lg" p="xl" data-testid="stage-adjustment" data-stage={stageKey}>
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconScale size={24} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{t('assignments.info.adjusting')}</Text>
        <Text c="dimmed">{t('assignments.info.adjustingBody', { stage })}</Text>
      </Stack>
    </Card>
  );
}
