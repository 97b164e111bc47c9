import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './use-work-save';

/**
 * The save button under the work (fixed to the bottom on phones, above the language dock): "save and submit" while the
 * work differs from what is stored, "stored" when it matches, the late submission's label, and a
 * spinner while saving. `data-state` tells changed from stored, `data-save-state` the last save.
 */
export function SaveBar({
  narrow,
  late,
  dirty,
  over,
  state,
  onSave,
}: {
  narrow: boolean;
  late: boolean;
  dirty: boolean;
  over: boolean;
  state: SaveState;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group
      justify="flex-end"
      style={
        narrow
          ? {
              position: 'fixed',
              // Above the language dock (components/LanguageSwitch).
              bottom: 'var(--pw-dock-height)',
              left: 0,
              right: 0,
              padding: 'var(--mantine-spacing-sm)',
              background: 'var(--mantine-color-body)',
              borderTop: '1px solid var(--mantine-color-gray-3)',
              zIndex: 100,
            }
          : undefined
      }
      data-testid="work-bottom-bar"
    >
      <Button
        onClick={onSave}
        loading={state === 'saving'}
        disabled={!dirty || over}
        data-testid="save-work"
        data-state={dirty ? 'changed' : 'stored'}
        data-save-state={state}
        fullWidth={narrow}
      >
        {late ? t('work.lateSubmit') : dirty ? t('work.saveSubmit') : t('work.stored')}
      </Button>
    </Group>
  );
}
