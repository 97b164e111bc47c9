import './styles';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications, notificationsStore, useNotifications } from '@mantine/notifications';
import { UI } from '@pw/contract';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { browserArrival, hideOnInteraction, noticeAfterArrival } from '../lib/after-arrival';
import { buildTheme } from '../lib/brand';
import { createQueryClient } from '../lib/query-client';
import { AuthProvider } from '../lib/session/auth-context';
import { isUnknownOrganisation, useConfiguration } from '../lib/session/configuration';
import { STORAGE_KEYS, writeStorage } from '../lib/storage';
import classes from './App.module.css';
import { ConfigurationFailed, FullPageLoader } from './pages';
import { AppRoutes } from './routes';
import { ShellProvider } from './shell/shell-context';

// The toasts' container (transitions, swipe handling, scroll locking: ≈15 KB gzip) loads with the
// first toast, not with every page: the toast waits in the store meanwhile and appears with it.
const Notifications = lazy(() =>
  import('./NotificationsContainer').then((m) => ({ default: m.NotificationsContainer })),
);

/** Where toasts go and how many show at once: on phones one, over the top bar's title. */
function toastLayout(isPhone: boolean) {
  return isPhone
    ? ({ position: 'top-center', limit: 1 } as const)
    : ({ position: 'top-right', limit: 3 } as const);
}

/**
 * The toasts' layout set in the store itself, from the first render on: toasts shown before the
 * lazily loaded container arrives (the phone's "made for PC" notice, then the welcome on signing
 * in) would otherwise be laid out by the store's defaults (five at once) and stay so. On phones a
 * new toast replaces the one showing instead of waiting behind it, so feedback on what the user
 * just did is never late.
 */
function useToastLayout(isPhone: boolean) {
  useEffect(() => {
    const { position, limit } = toastLayout(isPhone);
    notificationsStore.updateState((state) => ({ ...state, defaultPosition: position, limit }));
    if (!isPhone) return;
    const replaceShowing = (state: ReturnType<typeof notificationsStore.getState>) => {
      if (state.queue.length === 0) return;
      for (const n of state.notifications) if (n.id) queueMicrotask(() => notifications.hide(n.id as string));
    };
    replaceShowing(notificationsStore.getState());
    return notificationsStore.subscribe(replaceShowing);
  }, [isPhone]);
}

/** The toasts, mounted from the first one on (and kept, so later toasts need no wait). */
function Toasts({ isPhone }: { isPhone: boolean }) {
  useToastLayout(isPhone);
  const { notifications: showing, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && showing.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  // Toasts keep clear of the controls: on wide screens in the top right corner, above the pages'
  // headings and buttons; on phones over the top bar's title, clear of the menu button.
  const { position, limit } = toastLayout(isPhone);
  return (
    <Suspense fallback={null}>
      <Notifications
        position={position}
        limit={limit}
        containerWidth={isPhone ? undefined : 360}
        classNames={{ root: classes.notifications }}
      />
    </Suspense>
  );
}

/** How long the phone's "made for PC" notice stays, unless the user acts first. */
const PC_NOTICE_MS = 4000;

/**
 * Mantine's dimmed text (gray 6, 3.3:1 on white) is below the 4.5:1 that small text needs; this
 * gray keeps the quieter look at 6:1.
 */
const readableDimmed: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});

/** Applies the organisation's branding; a failed configuration call drops the token (part 1 §8). */
function Branded() {
  const { t, i18n } = useTranslation();
  const config = useConfiguration();
  const language = i18n.language;
  const theme = useMemo(
    () =>
      buildTheme(config.data?.rgb, {
        close: i18n.t('a11y.close', { lng: language }),
        clear: i18n.t('a11y.clear', { lng: language }),
        showPassword: i18n.t('a11y.showPassword', { lng: language }),
        firstPage: i18n.t('a11y.firstPage', { lng: language }),
        previousPage: i18n.t('a11y.previousPage', { lng: language }),
        nextPage: i18n.t('a11y.nextPage', { lng: language }),
        lastPage: i18n.t('a11y.lastPage', { lng: language }),
      }),
    [config.data?.rgb, i18n, language],
  );
  const failed = config.isError;
  // Cleared before AuthProvider first mounts, so it starts signed out.
  if (failed) writeStorage(STORAGE_KEYS.token, null);

  // Part 1 §2: on a phone, say once that the product is made for PC.
  const isPhone = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  // Once the page has loaded: the toasts' container it brings is not part of the arrival (issue 35).
  const toldPhone = useRef(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isPhone && !toldPhone.current) {
      toldPhone.current = true;
      // Never in place of feedback on what the user did: lib/after-arrival.ts.
      noticeAfterArrival(
        browserArrival(queryClient),
        {
          count: () => {
            const { notifications: showing, queue } = notificationsStore.getState();
            return showing.length + queue.length;
          },
          onChange: (listener) => notificationsStore.subscribe(listener),
        },
        () => {
          const id = notifications.show({
            color: 'blue',
            message: t('mobile.pcOptimised'),
            autoClose: PC_NOTICE_MS,
          });
          // Gone once the user acts: it never covers a dialog or the menu they open.
          hideOnInteraction(window, () => notifications.hide(id), PC_NOTICE_MS);
        },
      );
    }
  }, [isPhone, t, queryClient]);

  useEffect(() => {
    if (config.data) document.title = config.data.login_title || config.data.name;
  }, [config.data]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableDimmed}>
      <Toasts isPhone={isPhone} />
      {config.isPending ? (
        <FullPageLoader />
      ) : failed ? (
        <ConfigurationFailed
          unknown={isUnknownOrganisation(config.error)}
          onRetry={() => void config.refetch()}
        />
      ) : (
        <AuthProvider>
          <ShellProvider>
            <AppRoutes />
          </ShellProvider>
        </AuthProvider>
      )}
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
