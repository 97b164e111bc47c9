import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EssayStage } from './EssayStage';
import { AdjustmentStage, FeedbackStage } from './LaterStages';
import { PeerStage } from './PeerStage';

/** The stages with their settings and schedule, in step order. */
export function StagesCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t('assignments.form.stagesTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('assignments.form.stagesHint')}
          </Text>
        </Stack>
        <EssayStage />
        <PeerStage />
        <AdjustmentStage />
        <FeedbackStage />
      </Stack>
    </Card>
  );
}
