import { SimpleGrid, Stack, Text } from '@mantine/core';
import { LIMITS } from '@pw/contract';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AssignmentFormValues } from '../../form';
import { useEditor } from './editor-context';
import { NumberField } from './NumberField';
import { StageCard } from './StageCard';
import { StepDates } from './StepDates';

/** The optional adjustment stage: only its dates. */
export function AdjustmentStage() {
  const { t } = useTranslation();
  const { control } = useFormContext<AssignmentFormValues>();
  const enabled = useWatch({ control, name: 'adjustment.enabled' });
  return (
    <StageCard model="adjustment" optional="adjustment" enabled={enabled}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('assignments.form.adjustmentHint')}
        </Text>
        <StepDates step="adjustment" />
      </Stack>
    </StageCard>
  );
}

/** The optional feedback review: its score and point scale, the dates, and the revision stage. */
export function FeedbackStage() {
  const { t } = useTranslation();
  const { control } = useFormContext<AssignmentFormValues>();
  const enabled = useWatch({ control, name: 'feedback.enabled' });
  const open = useEditor().settingsOpen('feedbackreview');
  return (
    <StageCard model="feedbackreview" optional="feedbackreview" enabled={enabled}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberField
            name="feedback.max_review_score"
            label={t('assignments.form.feedbackScore')}
            min={LIMITS.scoreComponentMin}
            max={LIMITS.scoreComponentMax}
            disabled={!open}
            testId="score-feedback"
          />
          <NumberField
            name="feedback.max_point"
            label={t('assignments.form.feedbackPoint')}
            min={LIMITS.feedbackPointMin}
            max={LIMITS.feedbackPointMax}
            disabled={!open}
            testId="feedback-max-point"
          />
        </SimpleGrid>
        <StepDates step="feedback" />
        <RevisementStage />
      </Stack>
    </StageCard>
  );
}

/** The optional revision, run with the feedback review: its score. */
function RevisementStage() {
  const { t } = useTranslation();
  const { control } = useFormContext<AssignmentFormValues>();
  const enabled = useWatch({ control, name: 'revisement.enabled' });
  const open = useEditor().settingsOpen('revisement');
  return (
    <StageCard
      model="revisement"
      optional="revisement"
      enabled={enabled}
      nested
      note={t('assignments.form.withFeedback')}
    >
      <NumberField
        name="revisement.max_revisement_score"
        label={t('assignments.form.revisementScore')}
        min={LIMITS.scoreComponentMin}
        max={LIMITS.scoreComponentMax}
        disabled={!open}
        testId="score-revisement"
      />
    </StageCard>
  );
}
