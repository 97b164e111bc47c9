// Its own module: an on-demand menu's list loads the first time its button is pressed (OnDemandMenu).
import { type FloatingPosition, Menu } from '@mantine/core';
import { cloneElement, useEffect, useRef, useState } from 'react';
import type { MenuButton, MenuEntry } from './menu-entry';

/** The menu around its button, mounted on the first press: focuses the button, then opens. */
export function MenuList({
  target,
  items,
  position,
}: {
  target: MenuButton;
  items: MenuEntry[];
  position: FloatingPosition;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    button.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Menu position={position} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref: button })}</Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.key} leftSection={item.icon} disabled={item.disabled} onClick={item.onClick}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
