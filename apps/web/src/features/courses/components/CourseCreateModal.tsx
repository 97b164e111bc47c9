import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type CourseCreateInput, courseCreateSchema, LIMITS } from '@pw/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FilesField } from '../../../components/FilesField';
import { coursePath } from '../../../lib/course-mode';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { reportUploadError } from '../../../lib/upload-errors';
import { useCreateCourse } from '../api/create-course';

type Values = CourseCreateInput;
type Output = ReturnType<typeof courseCreateSchema.parse>;
const EMPTY: Values = { name: '', description: '', is_instructor_learner: false };

/** The course create dialog (instructors): name ≤ 50, description, lecture plan, learner flag. */
export function CourseCreateModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCourse();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(courseCreateSchema),
    defaultValues: EMPTY,
  });
  const err = (name: keyof Values) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message, { max: name === 'name' ? LIMITS.courseNameMax : 5000 }) : undefined;
  };
  const close = () => {
    form.reset(EMPTY);
    setFiles([]);
    setFilesError(undefined);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { id } = await create.mutateAsync({ ...values, files });
      notify('save', { color: 'teal', message: t('courses.created') });
      close();
      onCreated?.();
      navigate(coursePath(id, 'instructor'));
    } catch (error) {
      const fields = reportUploadError(error, t);
      applyFieldErrors(form.setError, fields, ['name', 'description']);
      setFilesError(fields?.files?.join(' '));
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={t('courses.createTitle')} centered size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('courses.name')}
            placeholder={t('courses.namePlaceholder')}
            withAsterisk
            maxLength={LIMITS.courseNameMax}
            data-autofocus
            error={err('name')}
            {...form.register('name')}
          />
          <Textarea
            label={t('courses.description')}
            placeholder={t('courses.descriptionPlaceholder')}
            autosize
            minRows={3}
            maxRows={10}
            error={err('description')}
            {...form.register('description')}
          />
          <FilesField
            label={t('courses.lecturePlan')}
            description={t('courses.lecturePlanHint')}
            value={files}
            onChange={(next) => {
              setFiles(next);
              setFilesError(undefined);
            }}
            error={filesError}
            testId="course-files"
          />
          <Checkbox
            label={t('courses.instructorLearner')}
            description={t('courses.instructorLearnerHint')}
            {...form.register('is_instructor_learner')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('courses.createSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
