import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications, notifications } from '@mantine/notifications';
import { UI } from '@pw/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { useConfiguration } from '../features/auth/api/configuration';
import { AuthProvider } from '../features/auth/auth-context';
import { ShellProvider } from '../features/shell/shell-context';
import { buildTheme } from '../lib/brand';
import { createQueryClient } from '../lib/query-client';
import { STORAGE_KEYS, writeStorage } from '../lib/storage';
import classes from './App.module.css';
import { FullPageLoader } from './pages';
import { AppRoutes } from './routes';

/** Applies the organisation's branding; a failed configuration call drops the token (part 1 §8). */
function Branded() {
  const { t } = useTranslation();
  const config = useConfiguration();
  const warned = useRef(false);
  const theme = useMemo(() => buildTheme(config.data?.rgb), [config.data?.rgb]);
  const failed = config.isError;
  // Cleared before AuthProvider first mounts, so it starts signed out.
  if (failed) writeStorage(STORAGE_KEYS.token, null);

  useEffect(() => {
    if (failed && !warned.current) {
      warned.current = true;
      notifications.show({ color: 'red', message: t('common.serverUnstable') });
    }
  }, [failed, t]);

  // Part 1 §2: on a phone, say once that the product is made for PC.
  const isPhone = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const toldPhone = useRef(false);
  useEffect(() => {
    if (isPhone && !toldPhone.current) {
      toldPhone.current = true;
      notifications.show({ color: 'blue', message: t('mobile.pcOptimised'), autoClose: 6000 });
    }
  }, [isPhone, t]);

  useEffect(() => {
    if (config.data) document.title = config.data.login_title || config.data.name;
  }, [config.data]);

  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-center" classNames={{ root: classes.notifications }} />
      {config.isPending ? (
        <FullPageLoader />
      ) : (
        <AuthProvider>
          <ShellProvider>
            <AppRoutes />
          </ShellProvider>
        </AuthProvider>
      )}
      <LanguageSwitch />
    </MantineProvider>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Branded />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
