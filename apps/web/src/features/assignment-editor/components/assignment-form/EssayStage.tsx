import { Input, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { LIMITS } from '@pw/contract';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AssignmentFormValues } from '../../form';
import { useEditor } from './editor-context';
import { NumberField } from './NumberField';
import { QuestionStage } from './QuestionStage';
import { StageCard } from './StageCard';
import { StepDates } from './StepDates';

/** Essay writing: the length limit and its unit, the writing score, the dates, and the questions stage. */
export function EssayStage() {
  const { t } = useTranslation();
  const { control } = useFormContext<AssignmentFormValues>();
  const open = useEditor().settingsOpen('essaywriting');
  return (
    <StageCard model="essaywriting">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Controller
            control={control}
            name="essay.limit_type"
            render={({ field }) => (
              <Input.Wrapper label={t('assignments.form.limitType')}>
                <SegmentedControl
                  fullWidth
                  mt={4}
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  disabled={!open}
                  data={[
                    { value: 'L', label: t('assignments.form.letters') },
                    { value: 'W', label: t('assignments.form.words') },
                  ]}
                />
              </Input.Wrapper>
            )}
          />
          <NumberField
            name="essay.max_length"
            label={t('assignments.form.maxLength')}
            min={0}
            max={LIMITS.essayMaxLength}
            disabled={!open}
            testId="essay-max-length"
          />
          <NumberField
            name="essay.max_writing_score"
            label={t('assignments.form.writingScore')}
            min={LIMITS.scoreComponentMin}
            max={LIMITS.scoreComponentMax}
            disabled={!open}
            testId="score-writing"
          />
        </SimpleGrid>
        <StepDates step="essay" />
        <QuestionStage />
      </Stack>
    </StageCard>
  );
}
