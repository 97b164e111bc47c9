import { Box, Burger, Center, Group, Loader, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { UI } from '@pw/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageDock } from '../components/LanguageSwitch';
import { OnDemandDialog } from '../components/OnDemandDialog';
import { useConfiguration } from '../lib/session/configuration';
import { Sidebar } from './shell/Sidebar';
import { menuColor, useShell } from './shell/shell-context';
import { usePageTitle } from './shell/use-page-title';

// The phone's menu drawer (a dialog: focus trap, scroll lock) loads when first opened.
const MenuDrawer = lazy(() => import('./shell/MenuDrawer').then((m) => ({ default: m.MenuDrawer })));

/** The signed-in frame: side navigation and the page; on phones a top bar with a menu drawer. */
export function AppLayout() {
  // Read at once: on a phone the first render is already the phone frame, not the side menu
  // rendered and thrown away one effect later.
  const isPhone = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [opened, { open, close }] = useDisclosure(false);
  const { courseName, sideRole } = useShell();
  const { data: config } = useConfiguration();
  const { t } = useTranslation();
  usePageTitle(config?.name, isPhone ? 'phone' : 'wide');

  if (isPhone) {
    return (
      <Box>
        <Group
          component="header"
          h={52}
          px="md"
          gap="sm"
          wrap="nowrap"
          data-testid="topbar"
          style={{ background: menuColor(sideRole), position: 'sticky', top: 0, zIndex: 100 }}
        >
          <Burger opened={opened} onClick={open} color="white" size="sm" aria-label={t('nav.openMenu')} />
          <Text c="white" fw={700} truncate data-testid="topbar-title" style={{ flex: 1, minWidth: 0 }}>
            {courseName ?? config?.name ?? 'PeerWrite'}
          </Text>
        </Group>
        <OnDemandDialog opened={opened} render={(shown) => <MenuDrawer opened={shown} onClose={close} />} />
        <Box
          component="main"
          px="md"
          pt="md"
          style={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 52px)' }}
        >
          <PageOutlet />
          <LanguageDock />
        </Box>
      </Box>
    );
  }
  return (
    <Box style={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar />
      <Box
        component="main"
        px="xl"
        pt="xl"
        style={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          background: 'var(--mantine-color-gray-0)',
          ['--pw-dock-bg' as string]: 'var(--mantine-color-gray-0)',
        }}
      >
        <PageOutlet />
        <LanguageDock />
      </Box>
    </Box>
  );
}

/** The page, with the navigation kept on screen while a page's code loads. */
function PageOutlet() {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center mih="50vh">
          <Loader aria-label={t('app.loading')} />
        </Center>
      }
    >
      <Outlet />
    </Suspense>
  );
}
