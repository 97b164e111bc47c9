import { toNestErrors } from '@hookform/resolvers';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Assignment, FileRef, StageModelName } from '@pw/contract';
import { useState } from 'react';
import { type FieldErrors, FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconLock } from '../../../components/icons';
import { type AssignmentFormValues, formTotal, rescoredForToggle, toFormData, validateForm } from '../form';
import { AttachmentsField } from './assignment-form/AttachmentsField';
import { BasicsCard } from './assignment-form/BasicsCard';
import {
  type AssignmentEditor,
  EditorProvider,
  type OptionalModel,
  SECTION_OF,
  scheduleContextOf,
} from './assignment-form/editor-context';
import { OptionsCard } from './assignment-form/OptionsCard';
import { ScoresCard } from './assignment-form/ScoresCard';
import { StagesCard } from './assignment-form/StagesCard';

/** What the page sends: the multipart fields, the new files and the stored files to remove. */
export type AssignmentSubmit = { form: FormData; files: File[]; deleteFiles: number[] };

type Props = {
  mode: 'create' | 'edit';
  /** The assignment being edited. */
  ids?: { courseId: number; assignmentId: number };
  initial: AssignmentFormValues;
  /** The server's locks when editing (part 2 §4 editor locking). */
  editable?: Assignment['editable'];
  existingFiles?: FileRef[];
  submitting: boolean;
  cancelTo: string;
  /** Resolves with the server's field messages (400), if any. */
  onSubmit: (payload: AssignmentSubmit) => Promise<Record<string, string[]> | undefined>;
};

/**
 * The assignment editor of `/assignments/new` and `/assignments/:id/edit` (part 2 §3–§5, §9):
 * name, description, files, the running options, the stages with their settings, schedule and
 * scores. The rules of the contract apply as you type; a total other than 100 warns with the
 * total and stops the submit; parts the server has locked are disabled. Each card reads the
 * fields it shows (`useWatch`, `useFormState`), so typing re-renders that card, not the form.
 */
export function AssignmentForm({
  mode,
  ids,
  initial,
  editable,
  existingFiles = [],
  submitting,
  cancelTo,
  onSubmit,
}: Props) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const [totalWarning, setTotalWarning] = useState<number | null>(null);

  const lockedAll = editable?.locked ?? false;
  const firstOpen = editable?.first_open_step ?? 0;
  const scheduleContext = (v: AssignmentFormValues) =>
    scheduleContextOf(mode, firstOpen, v.is_directly_starting);

  const resolver: Resolver<AssignmentFormValues> = (values, _context, options) => {
    const errors = validateForm(values, scheduleContext(values));
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const flat: Record<string, { type: string; message: string }> = {};
    for (const [path, message] of Object.entries(errors)) flat[path] = { type: 'validate', message };
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) };
  };

  const form = useForm<AssignmentFormValues>({ defaultValues: initial, resolver });
  // Read while rendering so the form re-renders (once) when it is first submitted.
  const submitted = form.formState.isSubmitted;
  const revalidate = () => {
    if (submitted) void form.trigger();
  };

  const toggle = (model: OptionalModel, on: boolean) => {
    const v = form.getValues();
    if (model === 'feedbackreview' || model === 'revisement') {
      const feedback = model === 'feedbackreview' ? on : v.feedback.enabled;
      const revisement = model === 'revisement' ? on : feedback && v.revisement.enabled;
      const scores = rescoredForToggle(v, { feedback, revisement });
      if (scores) {
        form.setValue('essay.max_writing_score', scores.writing);
        form.setValue('peer.max_review_score', scores.review);
        form.setValue('peer.max_metacognition_score', scores.metacognition);
        if (scores.feedback > 0) form.setValue('feedback.max_review_score', scores.feedback);
        if (scores.revisement > 0) form.setValue('revisement.max_revisement_score', scores.revisement);
      }
      if (model === 'feedbackreview' && !on) form.setValue('revisement.enabled', false);
    }
    form.setValue(`${SECTION_OF[model]}.enabled`, on, { shouldDirty: true });
    setTotalWarning(null);
    revalidate();
  };

  const editor: AssignmentEditor = {
    mode,
    ...(ids ? { ids } : {}),
    lockedAll,
    firstOpen,
    settingsOpen: (model: StageModelName) =>
      !lockedAll && (editable ? (editable.settings[model] ?? false) : true),
    toggle,
    revalidate,
  };

  const warnTotal = (v: AssignmentFormValues) => {
    const sum = formTotal(v);
    if (sum === 100) return false;
    setTotalWarning(sum);
    notifications.show({ color: 'yellow', message: t('assignments.form.totalWarning', { total: sum }) });
    return true;
  };

  const submit = form.handleSubmit(
    async (v) => {
      if (warnTotal(v)) return;
      setTotalWarning(null);
      const fields = await onSubmit({
        form: toFormData(v, scheduleContext(v)),
        files,
        deleteFiles: removed,
      });
      for (const [field, messages] of Object.entries(fields ?? {})) {
        if (field === 'name' || field === 'description')
          form.setError(field, { message: messages.join(' ') });
      }
      setFilesError(fields?.files?.join(' '));
    },
    (_errors) => {
      if (!warnTotal(form.getValues()))
        notifications.show({ color: 'yellow', message: t('assignments.form.check') });
    },
  );

  return (
    <FormProvider {...form}>
      <EditorProvider value={editor}>
        <form onSubmit={submit} noValidate data-testid="assignment-form">
          <Stack gap="lg">
            {lockedAll ? (
              <Alert color="gray" icon={<IconLock size={18} />} data-testid="assignment-locked">
                {t('assignments.form.locked')}
              </Alert>
            ) : firstOpen > 0 ? (
              <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
                {t('assignments.form.partlyLocked')}
              </Alert>
            ) : null}
            <BasicsCard>
              <AttachmentsField
                existing={existingFiles}
                files={files}
                onFilesChange={(next) => {
                  setFiles(next);
                  setFilesError(undefined);
                }}
                removed={removed}
                onRemovedChange={setRemoved}
                error={filesError}
              />
            </BasicsCard>
            <OptionsCard />
            <StagesCard />
            <ScoresCard totalWarning={totalWarning} />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={cancelTo}>
                {t('common.cancel')}
              </Button>
              {lockedAll ? null : (
                <Button type="submit" loading={submitting} data-testid="assignment-submit">
                  {mode === 'create' ? t('assignments.form.create') : t('assignments.form.save')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </EditorProvider>
    </FormProvider>
  );
}
