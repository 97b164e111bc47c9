import { Badge, Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useStageLabels } from '../../components/StageText';
import { usePerformanceContext } from '../../lib/performance-context';

/**
 * `/performances/:stageKey`: the learners' work for each stage arrives with a later issue; until
 * then the tab shows a clearly marked "coming" state. Stages not open yet go to the info tab.
 */
export function StagePlaceholder() {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const { stageKey } = useParams();
  const { steps, current } = usePerformanceContext();
  const index = stageKey === 'CO' ? steps.length : steps.findIndex((s) => s.code === stageKey);
  if (index < 0 || index > current) return <Navigate replace to="../info" relative="path" />;
  const step = steps[index];
  const stage = step ? labels.step(step.models) : labels.code('CO');
  return (
    <Card withBorder radius="lg" p="xl" data-testid="stage-coming" data-stage={stageKey}>
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray">
          <IconTools size={24} />
        </ThemeIcon>
        <Badge color="gray" variant="light">
          {t('coming.badge')}
        </Badge>
        <Text fw={600}>{t('assignments.info.stageComing', { stage })}</Text>
        <Text c="dimmed">{t('assignments.info.stageComingBody')}</Text>
      </Stack>
    </Card>
  );
}
