import type { FloatingPosition } from '@mantine/core';
import { cloneElement, lazy, Suspense, useState } from 'react';
import type { MenuButton, MenuEntry } from './menu-entry';

// Mantine's Menu and Popover (with floating-ui, ≈26 KB gzip where no tooltip brings it) load the
// first time the button is pressed, not with the page (issue 35).
const MenuList = lazy(() => import('./MenuList').then((m) => ({ default: m.MenuList })));

/**
 * A button that opens a menu, whose menu code loads on the first press. Before that the button is
 * a plain button announcing its menu (aria-haspopup); pressed, the menu mounts around the same
 * button, gives it the focus and opens, so Escape returns the focus there as with a menu that was
 * always mounted.
 */
export function OnDemandMenu({
  button,
  items,
  position = 'bottom-end',
}: {
  button: MenuButton;
  items: MenuEntry[];
  position?: FloatingPosition;
}) {
  const [wanted, setWanted] = useState(false);
  const plain = cloneElement(button, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: wanted ? undefined : () => setWanted(true),
  });
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <MenuList target={button} items={items} position={position} />
    </Suspense>
  );
}
