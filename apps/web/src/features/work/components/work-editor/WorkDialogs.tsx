import { Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Performance } from '@pw/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const RichTextView = lazy(() => import('../../../../components/RichTextView'));

/**
 * A save refused as stale (409): the learner's text beside the newer stored one; take theirs, or
 * save mine over it (with the newer version).
 */
export function StaleDialog({
  stale,
  mine,
  saving,
  onClose,
  onUseTheirs,
  onKeepMine,
}: {
  stale: Performance | null;
  mine: string;
  saving: boolean;
  onClose: () => void;
  onUseTheirs: () => void;
  onKeepMine: (version: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={stale !== null}
      onClose={onClose}
      title={t('work.staleTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack data-testid="stale-dialog">
        <Text size="sm">{t('work.staleBody')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder>
            <Text fw={600} size="sm" mb="xs">
              {t('work.staleMine')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="stale-mine">
              {mine}
            </Text>
          </Card>
          <Card withBorder>
            <Text fw={600} size="sm" mb="xs">
              {t('work.staleTheirs')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="stale-theirs">
              {stale?.stage_object.plain_text}
            </Text>
          </Card>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onUseTheirs} data-testid="use-theirs">
            {t('work.useTheirs')}
          </Button>
          <Button onClick={() => stale && onKeepMine(stale.version)} loading={saving} data-testid="keep-mine">
            {t('work.keepMine')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Essay = NonNullable<Performance['stage_object']['essay']>;

/** The essay a revision starts from, read-only. */
export function EssayDialog({
  essay,
  opened,
  onClose,
}: {
  essay: Essay;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('work.essayTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Suspense fallback={<Loader size="sm" />}>
        <RichTextView
          content={essay.content}
          editorType={essay.editor_type}
          plainText={essay.plain_text}
          label={t('work.essayTitle')}
        />
      </Suspense>
    </Modal>
  );
}
