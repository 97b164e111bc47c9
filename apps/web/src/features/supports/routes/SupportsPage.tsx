import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SUPPORT_CONTENT_MAX, type SupportCreateInput, supportCreateSchema } from '@pw/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FareModal } from '../../../components/FareModal';
import { IconReceipt } from '../../../components/icons';
import { applyFieldErrors, fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useProfile } from '../../../lib/session/profile';
import { useCreateSupport } from '../api/create-support';

const EMPTY: SupportCreateInput = { content: '', course: null };

/** `/supports` (part 1 §2): the inquiry form, with the user's courses to choose from. */
export function SupportsPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const create = useCreateSupport();
  const [fareOpened, fare] = useDisclosure(false);
  const form = useForm<SupportCreateInput>({
    resolver: zodResolver(supportCreateSchema),
    defaultValues: EMPTY,
  });
  const length = (form.watch('content') ?? '').length;
  const courses = [
    ...(profile.data?.courses ?? []),
    ...(profile.data?.enrolls.map((e) => e.course) ?? []),
  ].filter((c, i, all) => all.findIndex((x) => x.id === c.id) === i);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notify('save', { color: 'teal', message: t('supports.sent') });
      form.reset(EMPTY);
    } catch (error) {
      applyFieldErrors(form.setError, fieldErrorsOf(error), ['content', 'course']);
      notify('save', { color: 'yellow', message: t('supports.wrong') });
    }
  });
  const err = (name: keyof SupportCreateInput) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message, { max: SUPPORT_CONTENT_MAX }) : undefined;
  };

  return (
    <Stack gap="lg" maw={720}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('supports.title')}
        </Title>
        <Button variant="default" leftSection={<IconReceipt size={16} />} onClick={fare.open}>
          {t('supports.fare')}
        </Button>
      </Group>
      <Text c="dimmed">{t('supports.intro')}</Text>
      <Card withBorder radius="lg" p="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Controller
              control={form.control}
              name="course"
              render={({ field }) => (
                <Select
                  label={t('supports.course')}
                  placeholder={courses.length ? t('supports.coursePlaceholder') : t('supports.noCourses')}
                  disabled={courses.length === 0}
                  clearable
                  data={courses.map((c) => ({ value: String(c.id), label: c.name }))}
                  value={field.value == null ? null : String(field.value)}
                  onChange={(v) => field.onChange(v ? Number(v) : null)}
                  error={err('course')}
                  data-testid="support-course"
                />
              )}
            />
            <Textarea
              label={t('supports.content')}
              placeholder={t('supports.contentPlaceholder')}
              withAsterisk
              autosize
              minRows={6}
              // No maxLength: a longer text is kept and refused with the rule, never cut silently.
              description={
                <Text
                  span
                  size="xs"
                  c={length > SUPPORT_CONTENT_MAX ? 'red.8' : 'dimmed'}
                  data-testid="support-count"
                >
                  {t('supports.count', { n: length, max: SUPPORT_CONTENT_MAX })}
                </Text>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={err('content')}
              {...form.register('content')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {t('supports.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <FareModal opened={fareOpened} onClose={fare.close} />
    </Stack>
  );
}
