import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type EnrollCreateInput, enrollCreateSchema, LIMITS } from '@pw/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { coursePath } from '../../../lib/course-mode';
import { notify } from '../../../lib/notify';
import { useCreateEnroll } from '../api/create-enroll';
import { enrollErrorMessage } from '../enroll-errors';

const EMPTY: EnrollCreateInput = { course_code: '', code: '' };

/** The course enrol dialog: the course code from the instructor and the learner's student ID. */
export function EnrollModal({
  opened,
  onClose,
  onEnrolled,
}: {
  opened: boolean;
  onClose: () => void;
  onEnrolled?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const enroll = useCreateEnroll();
  const form = useForm<EnrollCreateInput>({
    resolver: zodResolver(enrollCreateSchema),
    defaultValues: EMPTY,
    // A student ID over the limit is told at once, never silently cut.
    mode: 'onChange',
  });
  const err = (name: keyof EnrollCreateInput) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message, { max: name === 'code' ? LIMITS.studentIdMax : 20 }) : undefined;
  };
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { course } = await enroll.mutateAsync(values);
      notify('save', { color: 'teal', message: t('enroll.success') });
      close();
      onEnrolled?.();
      navigate(coursePath(course, 'learner'));
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 400 ? error.body.fields : undefined;
      for (const [field, messages] of Object.entries(fields ?? {})) {
        if (field === 'code' || field === 'course_code')
          form.setError(field, { message: messages.join(' ') });
      }
      notify('save', { color: 'yellow', message: enrollErrorMessage(error, t) });
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={t('enroll.title')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('enroll.intro')}
          </Text>
          <TextInput
            label={t('enroll.courseCode')}
            placeholder={t('enroll.courseCodePlaceholder')}
            withAsterisk
            autoComplete="off"
            data-autofocus
            error={err('course_code')}
            {...form.register('course_code')}
          />
          <TextInput
            label={t('enroll.studentId')}
            placeholder={t('enroll.studentIdPlaceholder')}
            withAsterisk
            description={t('students.studentIdRule', { max: LIMITS.studentIdMax })}
            error={err('code')}
            {...form.register('code')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={enroll.isPending}>
              {t('enroll.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
