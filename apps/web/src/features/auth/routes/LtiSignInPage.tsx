import { Alert, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { changeLanguage } from '../../../lib/i18n';
import { useAuth } from '../../../lib/session/auth-context';
import { exchangeLtiCode } from '../api/lti-exchange';

/**
 * Where an LTI launch lands (`/lti-sign-in?code=…`): exchanges the launch's one-time code for a
 * session, as a password sign-in gets one, and goes on to the course or assignment page. The
 * code works once, for a minute; the session token never appears in a URL. `lang` (the launch's
 * locale) switches the interface language.
 */
export function LtiSignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const code = params.get('code') ?? '';

  useEffect(() => {
    // Once per page (the code is single-use), even when effects run twice in development.
    if (started.current) return;
    started.current = true;
    // The launch's language (the LMS's locale, else the browser's) is the product's from here on.
    const lang = params.get('lang');
    if (lang === 'ko' || lang === 'en') void changeLanguage(lang);
    exchangeLtiCode(code).then(
      (response) => {
        // Whoever was signed in in this browser before, the launch's person is now.
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'configuration' });
        auth.signedIn(response);
        navigate(response.target, { replace: true });
      },
      () => setFailed(true),
    );
  }, [code, params, auth, navigate, queryClient]);

  return (
    <Center mih="100vh" p="md">
      {failed ? (
        <Stack maw={440}>
          <Alert color="red" title={t('ltiSignIn.failedTitle')}>
            {t('ltiSignIn.failed')}
          </Alert>
        </Stack>
      ) : (
        <Group aria-busy="true">
          <Loader size="sm" />
          <Text>{t('ltiSignIn.signingIn')}</Text>
        </Group>
      )}
    </Center>
  );
}
