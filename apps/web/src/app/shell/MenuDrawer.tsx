import { Drawer } from '@mantine/core';
import { UI } from '@pw/contract';
import { Sidebar } from './Sidebar';

/** The side navigation in a drawer, for phones; loaded when the menu is first opened. */
export function MenuDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} size={UI.sidebarWidePx} padding={0} withCloseButton={false}>
      <Sidebar onNavigate={onClose} />
    </Drawer>
  );
}
