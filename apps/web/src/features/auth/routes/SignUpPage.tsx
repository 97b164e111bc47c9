import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { hasGrade, LIMITS, type SignUpFormInput, signUpFormSchema } from '@pw/contract';
import { useMemo } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PrivateInfoFields, type PrivateInfoForm } from '../../../components/PrivateInfoFields';
import { ApiError } from '../../../lib/api-error';
import { localToday } from '../../../lib/dates';
import { applyFieldErrors, fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useConfiguration } from '../../../lib/session/configuration';
import { useSignUp } from '../api/sign-up';
import { AuthLayout } from './AuthLayout';

const EMPTY: SignUpFormInput = {
  email: '',
  name: '',
  password: '',
  passwordCheck: '',
  attending_type: null,
  grade: '',
  address: '',
  date_of_birth: '',
};

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: config } = useConfiguration();
  const isPrivateInfo = config?.is_private_info ?? false;
  const schema = useMemo(() => signUpFormSchema(isPrivateInfo, localToday()), [isPrivateInfo]);
  const signUp = useSignUp();
  const form = useForm<SignUpFormInput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const { passwordCheck: _check, ...body } = values as SignUpFormInput;
    if (!isPrivateInfo) {
      body.attending_type = null;
      body.grade = null;
      body.address = null;
      body.date_of_birth = null;
    } else if (!hasGrade(body.attending_type)) {
      body.grade = null;
    }
    try {
      await signUp.mutateAsync(body);
      notify('save', { color: 'teal', message: t('signUp.success') });
      form.reset(EMPTY);
      navigate('/sign-in');
    } catch (error) {
      if (error instanceof ApiError && error.status === 406) {
        form.setError('email', { message: t('signUp.duplicate') });
        notify('save', { color: 'yellow', message: t('signUp.duplicate') });
        return;
      }
      applyFieldErrors(form.setError, fieldErrorsOf(error), [
        'email',
        'name',
        'password',
        'attending_type',
        'grade',
        'address',
        'date_of_birth',
      ]);
      const message =
        error instanceof ApiError && error.status === 403 ? t('signUp.closed') : t('common.wrongRequest');
      notify('save', { color: 'yellow', message });
    }
  });

  const err = (name: keyof SignUpFormInput) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message, { max: LIMITS.nameMax }) : undefined;
  };

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2}>{t('signUp.title')}</Title>
          <TextInput
            label={t('signUp.email')}
            type="email"
            autoComplete="email"
            withAsterisk
            error={err('email')}
            {...form.register('email')}
          />
          <TextInput
            label={t('signUp.name')}
            autoComplete="name"
            withAsterisk
            error={err('name')}
            {...form.register('name')}
          />
          <PasswordInput
            label={t('signUp.password')}
            autoComplete="new-password"
            withAsterisk
            error={err('password')}
            {...form.register('password')}
          />
          <PasswordInput
            label={t('signUp.passwordCheck')}
            autoComplete="new-password"
            withAsterisk
            error={err('passwordCheck')}
            {...form.register('passwordCheck')}
          />
          {isPrivateInfo ? (
            <>
              <Text size="xs" c="dimmed">
                {t('signUp.privateInfoNote')}
              </Text>
              <PrivateInfoFields
                form={form as unknown as UseFormReturn<PrivateInfoForm>}
                errorOf={err}
                addressPlaceholder={t('signUp.addressPlaceholder')}
              />
            </>
          ) : null}
          <Button type="submit" size="md" loading={signUp.isPending} fullWidth mt="xs">
            {t('signUp.submit')}
          </Button>
          <Group gap={6}>
            <Text size="sm">{t('signUp.haveAccount')}</Text>
            <Anchor component={Link} to="/sign-in" size="sm">
              {t('signUp.toSignIn')}
            </Anchor>
          </Group>
          {config && !config.is_sign_up_available ? <Alert color="yellow">{t('signUp.closed')}</Alert> : null}
        </Stack>
      </form>
    </AuthLayout>
  );
}
