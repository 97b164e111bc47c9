// Its own module: the Export menu's list loads the first time the button is pressed (ExportMenu).
import { Menu } from '@mantine/core';
import { cloneElement, type ReactElement, type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconFileSpreadsheet, IconFileZip } from '../../../components/icons';

/**
 * The Export menu around its button. It mounts on the first press, in place of the plain button
 * that was pressed: it gives the new button the focus, then opens, so Escape returns the focus
 * there as with a menu that was always mounted.
 */
export function ExportMenuList({
  target,
  onPick,
}: {
  target: ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
  onPick: (kind: 'sheet' | 'zip') => void;
}) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    button.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Menu position="top-start" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref: button })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => onPick('sheet')}>
          {t('assignments.manage.exportSheet')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileZip size={16} />} onClick={() => onPick('zip')}>
          {t('assignments.manage.exportZip')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
