import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { LIMITS } from '@pw/contract';
import { Controller, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../../components/icons';
import type { AssignmentFormValues } from '../../form';
import { useEditor, useTr } from './editor-context';
import { StageCard } from './StageCard';

/** The optional question-writing stage, run with the essay: its list of questions (at least one). */
export function QuestionStage() {
  const { t } = useTranslation();
  const tr = useTr();
  const { control } = useFormContext<AssignmentFormValues>();
  const quizs = useFieldArray({ control, name: 'question.quizs' });
  const enabled = useWatch({ control, name: 'question.enabled' });
  const { errors } = useFormState({ control, name: 'question.quizs' });
  const open = useEditor().settingsOpen('questionwriting');
  const listError = errors.question?.quizs?.root?.message ?? errors.question?.quizs?.message;
  return (
    <StageCard
      model="questionwriting"
      optional="questionwriting"
      enabled={enabled}
      nested
      note={t('assignments.form.withEssay')}
    >
      <Stack gap="xs">
        {quizs.fields.map((item, i) => (
          <Group key={item.id} gap="xs" wrap="nowrap" align="flex-start">
            <Controller
              control={control}
              name={`question.quizs.${i}.quiz`}
              render={({ field, fieldState }) => (
                <TextInput
                  style={{ flex: 1 }}
                  aria-label={t('assignments.form.quizN', { n: i + 1 })}
                  placeholder={t('assignments.form.quizN', { n: i + 1 })}
                  maxLength={LIMITS.quizMax}
                  {...field}
                  disabled={!open}
                  error={tr(fieldState.error?.message)}
                />
              )}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              disabled={!open || quizs.fields.length <= 1}
              onClick={() => quizs.remove(i)}
              aria-label={t('assignments.form.removeQuiz', { n: i + 1 })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {listError ? (
          <Text size="sm" c="red">
            {tr(listError)}
          </Text>
        ) : null}
        <Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={!open}
            onClick={() => quizs.append({ quiz: '' })}
          >
            {t('assignments.form.addQuiz')}
          </Button>
        </Group>
      </Stack>
    </StageCard>
  );
}
