import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { type PasswordChangeForm, passwordChangeFormSchema } from '@pw/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/profile';

const EMPTY: PasswordChangeForm = { oldPassword: '', newPassword: '', passwordCheck: '' };

/** The change-password dialog (part 1 §5): current, new (≥ 6) and confirmation. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: EMPTY,
  });
  const err = (name: keyof PasswordChangeForm) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message) : undefined;
  };
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ old_password: values.oldPassword, new_password: values.newPassword });
      notify('save', { color: 'teal', message: t('password.changed') });
      close();
    } catch (error) {
      const fields = error instanceof ApiError ? error.body.fields : undefined;
      if (fields?.old_password) form.setError('oldPassword', { message: fields.old_password.join(' ') });
      if (fields?.new_password) form.setError('newPassword', { message: fields.new_password.join(' ') });
      if (!fields) notify('save', { color: 'yellow', message: t('common.wrongRequest') });
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={t('password.changeTitle')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label={t('password.old')}
            // The dialog opens on the first field, not on its close button.
            data-autofocus
            autoComplete="current-password"
            withAsterisk
            error={err('oldPassword')}
            {...form.register('oldPassword')}
          />
          <PasswordInput
            label={t('password.new')}
            autoComplete="new-password"
            withAsterisk
            error={err('newPassword')}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label={t('password.check')}
            autoComplete="new-password"
            withAsterisk
            error={err('passwordCheck')}
            {...form.register('passwordCheck')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
