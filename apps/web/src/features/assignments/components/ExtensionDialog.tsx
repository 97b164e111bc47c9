import { Button, Group, Modal, MultiSelect, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { EXTENSION_REASON_MAX, type Extension, MODEL_CODES, type StageModelName } from '@pw/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStageLabels } from '../../../components/StageText';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useChangeExtension, useGrantExtensions } from '../api/extensions';

type Props = {
  opened: boolean;
  onClose: () => void;
  courseId: number;
  assignmentId: number;
  models: readonly StageModelName[];
  learners: { value: string; label: string }[];
  /** Change this extension (its end and reason) instead of granting: learner and stage are fixed. */
  editing?: Extension | null;
};

const KST_MS = 9 * 60 * 60 * 1000;
/** An ISO time as a `datetime-local` value in Korean time (the product's time zone, as typed). */
export function toKoreanInput(iso: string): string {
  const d = new Date(new Date(iso).getTime() + KST_MS);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 16);
}

/**
 * The grant of an extension: learners (one or several), the stage, the new end and a reason; or,
 * with `editing`, the change of one extension's end and reason.
 */
export function ExtensionDialog({
  opened,
  onClose,
  courseId,
  assignmentId,
  models,
  learners,
  editing,
}: Props) {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const grant = useGrantExtensions(courseId, assignmentId);
  const change = useChangeExtension(courseId, assignmentId);
  const [chosen, setChosen] = useState<string[]>(editing ? [String(editing.enrollment_id)] : []);
  const [stage, setStage] = useState<string | null>(
    editing?.stage ?? models.find((m) => m !== 'adjustment') ?? null,
  );
  const [end, setEnd] = useState(editing ? toKoreanInput(editing.end_date) : '');
  const [reason, setReason] = useState(editing?.reason ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const missing: Record<string, string> = {};
    if (chosen.length === 0) missing.enrollments = t('assignments.extensions.chooseLearners');
    if (!stage) missing.stage = t('assignments.extensions.chooseStage');
    if (!end) missing.end_date = t('assignments.extensions.chooseEnd');
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !stage) return;
    try {
      if (editing) {
        await change.mutateAsync({
          extensionId: editing.id,
          // An end left as it was is not sent (the input drops its seconds).
          body:
            end === toKoreanInput(editing.end_date)
              ? { reason }
              : { end_date: end.replace('T', ' '), reason },
        });
        notify('action', { color: 'teal', message: t('assignments.extensions.changed') });
        onClose();
        return;
      }
      await grant.mutateAsync({
        enrollments: chosen.map(Number),
        stage: stage as StageModelName,
        // The picker's local time, read as the product's time zone (as the stage dates are).
        end_date: end.replace('T', ' '),
        reason,
      });
      notify('action', { color: 'teal', message: t('assignments.extensions.granted', { n: chosen.length }) });
      setChosen([]);
      setReason('');
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(' ')])));
      else notify('action', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        editing
          ? t('assignments.extensions.editTitle', { name: editing.name })
          : t('assignments.extensions.grantTitle')
      }
      centered
    >
      <Stack gap="sm">
        {editing ? (
          <Text size="sm" data-testid="extension-editing">
            {t('assignments.extensions.editing', {
              name: editing.name,
              stage: labels.code(MODEL_CODES[editing.stage]),
            })}
          </Text>
        ) : null}
        {editing ? null : (
          <MultiSelect
            label={t('assignments.extensions.learners')}
            data={learners}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            error={errors.enrollments}
            data-testid="extension-learners"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {editing ? null : (
          <Select
            label={t('assignments.extensions.stage')}
            data={models
              .filter((m) => m !== 'adjustment')
              .map((m) => ({ value: m, label: labels.code(MODEL_CODES[m]) }))}
            value={stage}
            onChange={setStage}
            allowDeselect={false}
            error={errors.stage}
            data-testid="extension-stage"
          />
        )}
        <TextInput
          type="datetime-local"
          label={t('assignments.extensions.end')}
          description={t('assignments.extensions.endHint')}
          value={end}
          onChange={(e) => setEnd(e.currentTarget.value)}
          error={errors.end_date}
          data-testid="extension-end"
        />
        <Textarea
          label={t('assignments.extensions.reason')}
          description={t('assignments.extensions.reasonHint')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={EXTENSION_REASON_MAX}
          autosize
          minRows={2}
          error={errors.reason}
          data-testid="extension-reason"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={grant.isPending || change.isPending}
            data-testid="extension-submit"
          >
            {editing ? t('assignments.extensions.save') : t('assignments.extensions.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
