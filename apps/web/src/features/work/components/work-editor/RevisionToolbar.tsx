import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../../../components/HoverTooltip';
import { IconEye, IconFileDiff, IconZoomIn, IconZoomOut } from '../../../../components/icons';
import { zoomWidth } from '../work-draft';

/** Above a revision: view the essay, compare it with the revision, and (not on phones) zoom 0..2. */
export function RevisionToolbar({
  hasEssay,
  narrow,
  zoom,
  onZoom,
  onViewEssay,
  onCompare,
}: {
  hasEssay: boolean;
  narrow: boolean;
  zoom: number;
  onZoom: (zoom: number) => void;
  onViewEssay: () => void;
  onCompare: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" justify="space-between">
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEye size={14} />}
          onClick={onViewEssay}
          disabled={!hasEssay}
        >
          {t('work.viewEssay')}
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFileDiff size={14} />}
          onClick={onCompare}
          disabled={!hasEssay}
          data-testid="compare-button"
        >
          {t('work.compare')}
        </Button>
      </Group>
      {narrow ? null : (
        <Group gap={4} role="group" aria-label={t('work.zoom')}>
          <HoverTooltip label={t('work.zoomOut')}>
            <ActionIcon
              variant="default"
              aria-label={t('work.zoomOut')}
              disabled={zoom <= 0}
              onClick={() => onZoom(zoom - 1)}
            >
              <IconZoomOut size={16} />
            </ActionIcon>
          </HoverTooltip>
          <Text size="sm" w={48} ta="center" data-testid="zoom-width">
            {zoomWidth(zoom)}%
          </Text>
          <HoverTooltip label={t('work.zoomIn')}>
            <ActionIcon
              variant="default"
              aria-label={t('work.zoomIn')}
              disabled={zoom >= 2}
              onClick={() => onZoom(zoom + 1)}
            >
              <IconZoomIn size={16} />
            </ActionIcon>
          </HoverTooltip>
        </Group>
      )}
    </Group>
  );
}
