import { ActionIcon, Button, Group, Input, NumberInput, Stack, TextInput } from '@mantine/core';
import { LIMITS } from '@pw/contract';
import { Controller, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../../components/icons';
import type { AssignmentFormValues } from '../../form';
import { useTr } from './editor-context';

/** The peer review's rubric: each standard's question and maximum point (at least one). */
export function StandardsField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const tr = useTr();
  const { control } = useFormContext<AssignmentFormValues>();
  const standards = useFieldArray({ control, name: 'peer.standards' });
  const { errors } = useFormState({ control, name: 'peer.standards' });
  const listErrors = errors.peer?.standards;
  return (
    <Input.Wrapper
      label={t('assignments.form.standards')}
      withAsterisk
      error={tr(listErrors?.root?.message ?? listErrors?.message)}
    >
      <Stack gap="xs" mt={6}>
        {standards.fields.map((item, i) => (
          <Group key={item.id} gap="xs" wrap="nowrap" align="flex-start">
            <Controller
              control={control}
              name={`peer.standards.${i}.question`}
              render={({ field, fieldState }) => (
                <TextInput
                  style={{ flex: 1 }}
                  aria-label={t('assignments.form.standardN', { n: i + 1 })}
                  placeholder={t('assignments.form.standardN', { n: i + 1 })}
                  maxLength={LIMITS.standardQuestionMax}
                  {...field}
                  disabled={disabled}
                  error={tr(fieldState.error?.message)}
                  data-testid={`standard-${i}`}
                />
              )}
            />
            <Controller
              control={control}
              name={`peer.standards.${i}.max_point`}
              render={({ field, fieldState }) => (
                <NumberInput
                  // Narrower on a phone, where the question needs the room.
                  w={{ base: 84, sm: 120 }}
                  aria-label={`${t('assignments.form.standardN', { n: i + 1 })} ${t('assignments.form.standardPoint')}`}
                  placeholder={t('assignments.form.standardPoint')}
                  min={LIMITS.standardPointMin}
                  max={LIMITS.standardPointMax}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  disabled={disabled}
                  error={tr(fieldState.error?.message)}
                  data-testid={`standard-${i}-point`}
                />
              )}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              disabled={disabled || standards.fields.length <= 1}
              onClick={() => standards.remove(i)}
              aria-label={t('assignments.form.removeStandard', { n: i + 1 })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={disabled}
            onClick={() => standards.append({ question: '', max_point: 6 })}
          >
            {t('assignments.form.addStandard')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
