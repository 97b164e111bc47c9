import { Box, Burger, Drawer, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { UI } from '@pw/contract';
import { Outlet } from 'react-router';
import { useConfiguration } from '../features/auth/api/configuration';
import { Sidebar } from '../features/shell/Sidebar';
import { menuColor, useShell } from '../features/shell/shell-context';

/** The signed-in frame: side navigation and the page; on phones a top bar with a menu drawer. */
export function AppLayout() {
  const isPhone = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`);
  const [opened, { open, close }] = useDisclosure(false);
  const { courseName, sideRole } = useShell();
  const { data: config } = useConfiguration();

  if (isPhone) {
    return (
      <Box>
        <Group
          h={52}
          px="md"
          gap="sm"
          style={{ background: menuColor(sideRole), position: 'sticky', top: 0, zIndex: 100 }}
        >
          <Burger opened={opened} onClick={open} color="white" size="sm" aria-label="menu" />
          <Text c="white" fw={700} truncate data-testid="topbar-title">
            {courseName ?? config?.name ?? 'PeerWrite'}
          </Text>
        </Group>
        <Drawer opened={opened} onClose={close} size={UI.sidebarWidePx} padding={0} withCloseButton={false}>
          <Sidebar onNavigate={close} />
        </Drawer>
        <Box component="main" p="md" pb={80}>
          <Outlet />
        </Box>
      </Box>
    );
  }
  return (
    <Box style={{ display: 'flex', minHeight: '100vh' }}>
      <Sidebar />
      <Box
        component="main"
        p="xl"
        pb={96}
        style={{ flex: 1, minWidth: 0, background: 'var(--mantine-color-gray-0)' }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
