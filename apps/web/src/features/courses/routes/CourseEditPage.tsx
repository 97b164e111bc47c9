import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { type CourseCreateInput, courseCreateSchema, formBoolean, LIMITS } from '@pw/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { FilesField } from '../../../components/FilesField';
import { IconArrowLeft } from '../../../components/icons';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { reportUploadError } from '../../../lib/upload-errors';
import { useUpdateCourse } from '../api/update-course';

const schema = courseCreateSchema.pick({ name: true, description: true }).extend({ is_open: formBoolean });
type Values = Pick<CourseCreateInput, 'name' | 'description'> & {
  is_open: NonNullable<CourseCreateInput['is_instructor_learner']>;
};
type Output = ReturnType<typeof schema.parse>;

/** `/courses/:courseId/:role/edit` (instructor or assistant): name, description, registration, files. */
export function CourseEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { courseId, role, course } = useCourseContext();
  const update = useUpdateCourse(courseId);
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { name: course.name, description: course.description, is_open: course.is_open },
  });
  const back = coursePath(courseId, role);
  if (!isManagerRole(role)) return <Navigate replace to={back} />;

  const err = (name: keyof Values) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message, { max: name === 'name' ? LIMITS.courseNameMax : 5000 }) : undefined;
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ...values, files, delete_files: removed });
      notify('save', { color: 'teal', message: t('courses.saved') });
      navigate(back);
    } catch (error) {
      const fields = reportUploadError(error, t);
      applyFieldErrors(form.setError, fields, ['name', 'description']);
      setFilesError(fields?.files?.join(' '));
    }
  });

  return (
    <Stack gap="lg" maw={760}>
      <Anchor component={Link} to={back} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('courses.backToCourse')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('courses.editTitle')}
      </Title>
      <Card withBorder radius="lg" p="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('courses.name')}
              withAsterisk
              maxLength={LIMITS.courseNameMax}
              error={err('name')}
              {...form.register('name')}
            />
            <Textarea
              label={t('courses.description')}
              autosize
              minRows={4}
              maxRows={14}
              error={err('description')}
              {...form.register('description')}
            />
            <Controller
              control={form.control}
              name="is_open"
              render={({ field }) => (
                <Switch
                  label={t('courses.isOpen')}
                  description={t('courses.isOpenHint')}
                  checked={field.value === true}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
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
              existing={course.files}
              removed={removed}
              onRemovedChange={setRemoved}
              testId="course-files-edit"
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={back}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
