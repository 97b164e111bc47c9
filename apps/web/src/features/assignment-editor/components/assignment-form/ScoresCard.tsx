import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from '../../../../components/icons';
import { type AssignmentFormValues, formTotal } from '../../form';

/** The live score total (100 to save) and the warning the last submit raised, if any. */
export function ScoresCard({ totalWarning }: { totalWarning: number | null }) {
  const { t } = useTranslation();
  const { control } = useFormContext<AssignmentFormValues>();
  const [writing, review, metacognition, feedbackOn, feedback, revisementOn, revisement] = useWatch({
    control,
    name: [
      'essay.max_writing_score',
      'peer.max_review_score',
      'peer.max_metacognition_score',
      'feedback.enabled',
      'feedback.max_review_score',
      'revisement.enabled',
      'revisement.max_revisement_score',
    ],
  });
  const total = formTotal({
    essay: { max_writing_score: writing },
    peer: { max_review_score: review, max_metacognition_score: metacognition },
    feedback: { enabled: feedbackOn, max_review_score: feedback },
    revisement: { enabled: revisementOn, max_revisement_score: revisement },
  });
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('assignments.form.scores')}
          </Title>
          <Badge size="lg" variant="light" color={total === 100 ? 'teal' : 'red'} data-testid="score-total">
            {t('assignments.form.total', { total })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('assignments.form.scoresHint')}
        </Text>
        {totalWarning !== null ? (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={18} />}
            data-testid="score-total-warning"
            role="alert"
          >
            {t('assignments.form.totalWarning', { total: totalWarning })}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
