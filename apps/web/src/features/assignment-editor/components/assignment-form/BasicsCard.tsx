import { Card, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { LIMITS } from '@pw/contract';
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AssignmentFormValues } from '../../form';
import { useEditor, useTr } from './editor-context';

/** The basics: name, description and (as `children`) the attached files. */
export function BasicsCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const tr = useTr();
  const { control } = useFormContext<AssignmentFormValues>();
  const { lockedAll } = useEditor();
  return (
    <Card withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('assignments.form.basics')}
        </Title>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              label={t('assignments.form.name')}
              description={t('assignments.form.nameHint', { max: LIMITS.assignmentNameMax })}
              withAsterisk
              maxLength={LIMITS.assignmentNameMax}
              {...field}
              disabled={lockedAll}
              error={tr(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <Textarea
              label={t('assignments.form.description')}
              placeholder={t('assignments.form.descriptionPlaceholder')}
              withAsterisk
              autosize
              minRows={4}
              maxRows={16}
              {...field}
              disabled={lockedAll}
              error={tr(fieldState.error?.message)}
            />
          )}
        />
        {children}
      </Stack>
    </Card>
  );
}
