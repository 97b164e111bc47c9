import { NumberInput } from '@mantine/core';
import { Controller, type Path, useFormContext } from 'react-hook-form';
import type { AssignmentFormValues, NumberValue } from '../../form';
import { useTr } from './editor-context';

/** A whole-number input of the editor (scores, lengths, points): out-of-range values stay for the rules to flag. */
export function NumberField({
  name,
  label,
  min,
  max,
  disabled,
  testId,
}: {
  name: Path<AssignmentFormValues>;
  label: string;
  min: number;
  max: number;
  disabled: boolean;
  testId?: string;
}) {
  const { control } = useFormContext<AssignmentFormValues>();
  const tr = useTr();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={field.value as NumberValue}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          disabled={disabled}
          error={tr(fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}
