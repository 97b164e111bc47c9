import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { codeChangeSchema, LIMITS } from '@pw/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useChangeCode } from '../api/code-change';

const schema = codeChangeSchema.pick({ code: true });
type Values = { code: string };

/**
 * The student-number edit dialog: a learner's own student ID, or (with `enrollId`, for the
 * instructor and assistants) a learner's.
 */
export function StudentNumberModal({
  opened,
  onClose,
  courseId,
  enrollId,
  learnerName,
  current,
}: {
  opened: boolean;
  onClose: () => void;
  courseId: number;
  enrollId?: number;
  learnerName?: string;
  current: string;
}) {
  const { t } = useTranslation();
  const change = useChangeCode(courseId);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { code: current },
    // A student ID over the limit is told at once, never silently cut.
    mode: 'onChange',
  });
  useEffect(() => {
    if (opened) form.reset({ code: current });
  }, [opened, current, form]);
  const message = form.formState.errors.code?.message;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await change.mutateAsync(enrollId === undefined ? { code } : { code, enroll: enrollId });
      notify('save', { color: 'teal', message: t('students.codeSaved') });
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? error.body.fields : undefined;
      if (fields?.code) form.setError('code', { message: fields.code.join(' ') });
      notify('save', { color: 'yellow', message: t('common.wrongRequest') });
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('students.codeTitle')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {learnerName ? <Text size="sm">{t('students.codeFor', { name: learnerName })}</Text> : null}
          <TextInput
            label={t('students.studentId')}
            withAsterisk
            description={t('students.studentIdRule', { max: LIMITS.studentIdMax })}
            data-autofocus
            error={message ? t(message, { max: LIMITS.studentIdMax }) : undefined}
            {...form.register('code')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
