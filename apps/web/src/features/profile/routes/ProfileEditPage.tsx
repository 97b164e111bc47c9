import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, Loader, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { findProfileErrors, type Profile, type ProfileUpdateInput, profileUpdateSchema } from '@pw/contract';
import { useMemo } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PrivateInfoFields, type PrivateInfoForm } from '../../../components/PrivateInfoFields';
import { ApiError } from '../../../lib/api-error';
import { localToday } from '../../../lib/dates';
import { applyFieldErrors, fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useProfile } from '../../../lib/session/profile';
import { useUpdateProfile } from '../api/profile';

function EditForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const isPrivateInfo = profile.is_private_info;
  const schema = useMemo(
    () =>
      profileUpdateSchema.superRefine((v, ctx) => {
        for (const [field, messages] of Object.entries(findProfileErrors(v, isPrivateInfo, localToday()))) {
          for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
        }
      }),
    [isPrivateInfo],
  );
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: profile.name,
      attending_type: profile.attending_type,
      grade: profile.grade ?? '',
      address: profile.address ?? '',
      date_of_birth: profile.date_of_birth ?? '',
      password: '',
    },
  });
  const err = (name: keyof ProfileUpdateInput) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message, { max: 100 }) : undefined;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      notify('save', { color: 'teal', message: t('profile.saved') });
      navigate('/my-page');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        form.setError('password', { message: t('profile.wrongPassword') });
        notify('save', { color: 'yellow', message: t('profile.wrongPassword') });
        return;
      }
      applyFieldErrors(form.setError, fieldErrorsOf(error), [
        'name',
        'attending_type',
        'grade',
        'address',
        'date_of_birth',
        'password',
      ]);
      notify('save', { color: 'yellow', message: t('profile.wrong') });
    }
  });

  return (
    <Card withBorder radius="lg" p="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('profile.email')}
            value={profile.email}
            readOnly
            disabled
            description={t('profile.emailReadOnly')}
          />
          <TextInput label={t('profile.name')} withAsterisk error={err('name')} {...form.register('name')} />
          {isPrivateInfo ? (
            <PrivateInfoFields form={form as unknown as UseFormReturn<PrivateInfoForm>} errorOf={err} />
          ) : null}
          <PasswordInput
            label={t('profile.currentPassword')}
            description={t('profile.currentPasswordHelp')}
            autoComplete="current-password"
            withAsterisk
            error={err('password')}
            {...form.register('password')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => navigate('/my-page')}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** `/users/edit` (part 1 §5): email read-only; current password required to save. */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} size="h2">
        {t('profile.editTitle')}
      </Title>
      {profile.isPending ? (
        <Loader />
      ) : profile.isError ? (
        <Alert color="yellow">{t('profile.loadError')}</Alert>
      ) : (
        <EditForm profile={profile.data} />
      )}
    </Stack>
  );
}
