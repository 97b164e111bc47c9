import {
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { SignInBody } from '@pw/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../../lib/session/auth-context';
import { useConfiguration } from '../../../lib/session/configuration';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { exchangeSsoCode, useSignIn } from '../api/sign-in';
import { signInErrorKey } from '../sign-in-errors';
import { AuthLayout } from './AuthLayout';

/** The one-time code a finished single sign-on leaves in the fragment (`#sso=…`), if any. */
function ssoCodeInFragment(): string | null {
  const match = /^#sso=([^&]+)$/.exec(window.location.hash);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * Finishes a single sign-on: the code leaves the address at once (it never stays in the history),
 * then is exchanged once for the session token, as the password sign-in gets it.
 */
function useSsoHandoff(onDone: () => void) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [code] = useState(ssoCodeInFragment);
  const started = useRef(false);
  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    exchangeSsoCode(code)
      .then((response) => {
        auth.signedIn(response);
        notify('sign-in', { color: 'teal', message: t('signIn.welcome', { name: response.user.name }) });
      })
      .catch((error: unknown) => {
        writeStorage(STORAGE_KEYS.token, null);
        const { key, detail } = signInErrorKey(error);
        notify('sign-in', { color: 'yellow', message: detail ?? t(key) });
        onDone();
      });
  }, [code, auth, t, onDone]);
  return code !== null;
}

export function SignInPage() {
  const { t, i18n } = useTranslation();
  const { data: config } = useConfiguration();
  const auth = useAuth();
  const signIn = useSignIn();
  const [values, setValues] = useState<SignInBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof SignInBody, string>>>({});
  const [handoffFailed, setHandoffFailed] = useState(false);
  const onHandoffFailed = useRef(() => setHandoffFailed(true)).current;
  const handingOff = useSsoHandoff(onHandoffFailed) && !handoffFailed;

  // The contract's rules (zod) load with the first submit, not with the page: the sign-in page is
  // what every visitor downloads first, and its budget is checked in `npm test`.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { signInBodySchema } = await import('../sign-in-schema');
    const parsed = signInBodySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<keyof SignInBody, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof SignInBody;
        next[name] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const response = await signIn.mutateAsync(parsed.data);
      auth.signedIn(response);
      notify('sign-in', { color: 'teal', message: t('signIn.welcome', { name: response.user.name }) });
    } catch (error) {
      // Part 1 §4: a failed sign-in clears the token.
      writeStorage(STORAGE_KEYS.token, null);
      const { key, detail } = signInErrorKey(error);
      notify('sign-in', { color: 'yellow', message: detail ?? t(key) });
    }
  };

  const fieldError = (name: keyof SignInBody) => {
    const message = errors[name];
    return message ? t(message) : undefined;
  };
  const field = (name: keyof SignInBody) => ({
    name,
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  if (handingOff) {
    return (
      <AuthLayout>
        <Stack gap="md" align="center" role="status">
          <Loader />
          <Text>{t('signIn.ssoSigningIn')}</Text>
        </Stack>
      </AuthLayout>
    );
  }

  const passwordSignIn = config?.password_sign_in !== false;
  const sso = config?.sso ? (
    <Button
      component="a"
      href={`/auth/oidc/start?lang=${i18n.language === 'en' ? 'en' : 'ko'}`}
      size="md"
      variant={passwordSignIn ? 'outline' : 'filled'}
      fullWidth
    >
      {t('signIn.withOrganisation', { name: config.name })}
    </Button>
  ) : null;

  if (!passwordSignIn) {
    return (
      <AuthLayout>
        <Stack gap="md">
          <Title order={2}>{t('signIn.title')}</Title>
          {sso}
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <Title order={2}>{t('signIn.title')}</Title>
          {sso ? (
            <>
              {sso}
              <Divider label={t('signIn.or')} labelPosition="center" />
            </>
          ) : null}
          <TextInput
            label={t('signIn.email')}
            type="email"
            autoComplete="username"
            placeholder={t('signIn.emailPlaceholder')}
            withAsterisk
            error={fieldError('email')}
            {...field('email')}
          />
          <PasswordInput
            label={t('signIn.password')}
            autoComplete="current-password"
            withAsterisk
            error={fieldError('password')}
            {...field('password')}
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
