import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SignInBody, signInBodySchema } from '@pw/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../../lib/session/auth-context';
import { useConfiguration } from '../../../lib/session/configuration';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { useSignIn } from '../api/sign-in';
import { signInErrorKey } from '../sign-in-errors';
import { AuthLayout } from './AuthLayout';

export function SignInPage() {
  const { t } = useTranslation();
  const { data: config } = useConfiguration();
  const auth = useAuth();
  const signIn = useSignIn();
  const form = useForm<SignInBody>({
    resolver: zodResolver(signInBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await signIn.mutateAsync(values);
      auth.signedIn(response);
      notify('sign-in', { color: 'teal', message: t('signIn.welcome', { name: response.user.name }) });
    } catch (error) {
      // Part 1 §4: a failed sign-in clears the token.
      writeStorage(STORAGE_KEYS.token, null);
      const { key, detail } = signInErrorKey(error);
      notify('sign-in', { color: 'yellow', message: detail ?? t(key) });
    }
  });

  const fieldError = (name: keyof SignInBody) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2}>{t('signIn.title')}</Title>
          <TextInput
            label={t('signIn.email')}
            type="email"
            autoComplete="username"
            placeholder={t('signIn.emailPlaceholder')}
            withAsterisk
            error={fieldError('email')}
            {...form.register('email')}
          />
          <PasswordInput
            label={t('signIn.password')}
            autoComplete="current-password"
            withAsterisk
            error={fieldError('password')}
            {...form.register('password')}
          />
          <Button type="submit" size="md" loading={signIn.isPending} fullWidth>
            {t('signIn.submit')}
          </Button>
          <Group justify="space-between" gap="xs">
            {config?.is_sign_up_available ? (
              <Text size="sm">
                {t('signIn.noAccount')}{' '}
                <Anchor component={Link} to="/sign-up">
                  {t('signIn.toSignUp')}
                </Anchor>
              </Text>
            ) : (
              <span />
            )}
            <Anchor component={Link} to="/password" size="sm">
              {t('signIn.forgot')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
