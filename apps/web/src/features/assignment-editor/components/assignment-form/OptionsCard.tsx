import { Card, Checkbox, Stack, Title } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AssignmentFormValues } from '../../form';
import { useEditor } from './editor-context';

/** The running options: public, automatic schedule, start directly (new only), continue from the previous step. */
export function OptionsCard() {
  const { t } = useTranslation();
  const { control } = useFormContext<AssignmentFormValues>();
  const { mode, lockedAll, revalidate } = useEditor();
  const options = [
    ['is_public', 'isPublic', lockedAll],
    ['is_auto_schedule', 'autoSchedule', lockedAll],
    ['is_directly_starting', 'directStart', lockedAll || mode === 'edit'],
    ['is_continue_from_previous_step', 'continuePrevious', lockedAll],
    ['is_release_held', 'releaseHeld', lockedAll],
  ] as const;
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('assignments.form.options')}
        </Title>
        {options.map(([name, key, disabled]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <Checkbox
                label={t(`assignments.form.${key}`)}
                description={t(`assignments.form.${key}Hint`)}
                checked={field.value}
                onChange={(e) => {
                  field.onChange(e.currentTarget.checked);
                  revalidate();
                }}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={disabled}
                data-testid={`option-${name}`}
              />
            )}
          />
        ))}
      </Stack>
    </Card>
  );
}
