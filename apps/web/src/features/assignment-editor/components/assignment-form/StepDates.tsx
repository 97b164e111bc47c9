import { SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IconLock } from '../../../../components/icons';
import { formatShortDateTime } from '../../../../lib/format';
import { type AssignmentFormValues, effectiveStart, formSteps, type StepKey } from '../../form';
import { scheduleContextOf, useEditor, useTr } from './editor-context';

/** The start and end inputs of a step, or what replaces the start (start now, continue). */
export function StepDates({ step }: { step: StepKey }) {
  const { t } = useTranslation();
  const tr = useTr();
  const { mode, lockedAll, firstOpen } = useEditor();
  const { control, getValues } = useFormContext<AssignmentFormValues>();
  // What the inputs and a derived start depend on: the steps in use, the options and the ends a
  // continued start follows (the last three only re-render; the start is read from the values).
  const [adjustmentOn, feedbackOn, required, directly, continues] = useWatch({
    control,
    name: [
      'adjustment.enabled',
      'feedback.enabled',
      'is_auto_schedule',
      'is_directly_starting',
      'is_continue_from_previous_step',
      'essay.end',
      'peer.end',
      'adjustment.end',
    ],
  });
  const { errors } = useFormState({ control, name: `${step}.start` });
  const index = formSteps({
    adjustment: { enabled: adjustmentOn },
    feedback: { enabled: feedbackOn },
  }).indexOf(step);
  const ctx = scheduleContextOf(mode, firstOpen, directly);
  const startLocked = lockedAll || index < firstOpen;
  const endLocked = lockedAll || index < firstOpen - 1;
  const continued = () => {
    const start = effectiveStart(getValues(), index, ctx);
    return `${t('assignments.form.continues')}${
      start ? ` (${formatShortDateTime(start.toISOString())})` : ''
    }`;
  };
  const derived =
    index === 0 && ctx.startsNow
      ? t('assignments.form.startsNow')
      : continues && index > 0 && index >= firstOpen
        ? continued()
        : null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {derived !== null ? (
        <TextInput
          label={t('assignments.form.start')}
          value={derived}
          readOnly
          disabled
          error={tr(errors[step]?.start?.message)}
          data-testid={`${step}-start`}
        />
      ) : (
        <Controller
          control={control}
          name={`${step}.start`}
          render={({ field, fieldState }) => (
            <TextInput
              type="datetime-local"
              label={t('assignments.form.start')}
              withAsterisk={required}
              value={field.value}
              onChange={(e) => field.onChange(e.currentTarget.value)}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={startLocked}
              rightSection={startLocked ? <IconLock size={14} /> : undefined}
              error={tr(fieldState.error?.message)}
              data-testid={`${step}-start`}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name={`${step}.end`}
        render={({ field, fieldState }) => (
          <TextInput
            type="datetime-local"
            label={t('assignments.form.end')}
            withAsterisk={required}
            value={field.value}
            onChange={(e) => field.onChange(e.currentTarget.value)}
            onBlur={field.onBlur}
            ref={field.ref}
            disabled={endLocked}
            rightSection={endLocked ? <IconLock size={14} /> : undefined}
            error={tr(fieldState.error?.message)}
            data-testid={`${step}-end`}
          />
        )}
      />
    </SimpleGrid>
  );
}
