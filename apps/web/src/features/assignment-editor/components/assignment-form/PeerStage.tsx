import { Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { LIMITS } from '@pw/contract';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AssignmentFormValues } from '../../form';
import { CalibrationField } from './CalibrationField';
import { useEditor, useTr } from './editor-context';
import { NumberField } from './NumberField';
import { StageCard } from './StageCard';
import { StandardsField } from './StandardsField';
import { StepDates } from './StepDates';

/**
 * Peer review: reviewers per essay, the review and metacognition scores, whether learners without
 * an essay review too, the standards, the dates.
 */
export function PeerStage() {
  const { t } = useTranslation();
  const tr = useTr();
  const { control } = useFormContext<AssignmentFormValues>();
  const open = useEditor().settingsOpen('peerreview');
  return (
    <StageCard model="peerreview">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Controller
            control={control}
            name="peer.peer_count"
            render={({ field, fieldState }) => (
              <Select
                label={t('assignments.form.peerCount')}
                data={Array.from(
                  { length: LIMITS.reviewerCountMax - LIMITS.reviewerCountMin + 1 },
                  (_, i) => {
                    const n = LIMITS.reviewerCountMin + i;
                    return { value: String(n), label: t('assignments.form.peerCountOption', { n }) };
                  },
                )}
                value={String(field.value)}
                onChange={(v) => field.onChange(v ? Number(v) : '')}
                allowDeselect={false}
                disabled={!open}
                error={tr(fieldState.error?.message)}
                data-testid="peer-count"
              />
            )}
          />
          <NumberField
            name="peer.max_review_score"
            label={t('assignments.form.reviewScore')}
            min={LIMITS.scoreComponentMin}
            max={LIMITS.scoreComponentMax}
            disabled={!open}
            testId="score-review"
          />
          <NumberField
            name="peer.max_metacognition_score"
            label={t('assignments.form.metacognitionScore')}
            min={LIMITS.scoreComponentMin}
            max={LIMITS.scoreComponentMax}
            disabled={!open}
            testId="score-metacognition"
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="peer.non_writers_review"
          render={({ field }) => (
            <Switch
              label={t('assignments.form.nonWritersReview')}
              description={t('assignments.form.nonWritersReviewHelp')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              disabled={!open}
              data-testid="non-writers-review"
            />
          )}
        />
        <StandardsField disabled={!open} />
        <CalibrationField disabled={!open} />
        <StepDates step="peer" />
      </Stack>
    </StageCard>
  );
}
