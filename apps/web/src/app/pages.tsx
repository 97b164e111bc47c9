import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';

/** `/404`: not found, with links to support and home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh">
      <Stack align="center" gap="sm">
        <Title order={1} c="dimmed" fz={64}>
          404
        </Title>
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Group>
          <Button component={Link} to="/supports" variant="default">
            {t('notFound.toSupports')}
          </Button>
          <Button component={Link} to="/">
            {t('common.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

/** `/password`: hands over to the server-side reset pages. */
export function PasswordRedirect() {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    window.location.assign(`/accounts/password_reset/?lang=${i18n.language}`);
  }, [i18n.language]);
  return (
    <Center mih="100vh">
      <Group>
        <Loader size="sm" />
        <Text>{t('password.redirecting')}</Text>
      </Group>
    </Center>
  );
}

/** Removes a trailing slash from the path (part 1 §2), keeping query and hash. */
export function TrailingSlashRedirect() {
  const location = useLocation();
  return (
    <Navigate
      replace
      to={{
        pathname: location.pathname.replace(/\/+$/, '') || '/',
        search: location.search,
        hash: location.hash,
      }}
    />
  );
}

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" aria-busy="true">
      <Group>
        <Loader />
        <Text c="dimmed">{t('app.loading')}</Text>
      </Group>
    </Center>
  );
}

/**
 * The organisation's configuration could not be read (part 1 §8): the stored token is already
 * removed; say why (an unknown subdomain, or the server not answering well) and offer to try
 * again, rather than loading forever.
 */
export function ConfigurationFailed({ unknown, onRetry }: { unknown: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" role="alert" data-testid="configuration-failed">
      <Stack align="center">
        <Title order={1} size="h3">
          {t(unknown ? 'common.unknownOrganisation' : 'common.serverUnstable')}
        </Title>
        <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
      </Stack>
    </Center>
  );
}
