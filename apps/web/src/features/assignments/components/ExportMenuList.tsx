// Its own module: the Export menu's list loads the first time the button is pressed (ExportMenu).
import { Menu } from '@mantine/core';
import { IconFileSpreadsheet, IconFileZip } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** The Export menu around its button, open from the start (it mounts on the first press). */
export function ExportMenuList({
  target,
  onPick,
}: {
  target: ReactElement;
  onPick: (kind: 'sheet' | 'zip') => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="top-start" withinPortal defaultOpened>
      <Menu.Target>{target}</Menu.Target>
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
