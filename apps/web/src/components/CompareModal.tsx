import { Box, Modal, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { diffWords } from 'diff';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The essay and the revision side by side with a word-level diff (jsdiff): additions underlined
 * in green and marked "+", deletions struck through in red and marked "−", so the difference is
 * visible without colour too.
 */
export default function CompareModal({
  opened,
  onClose,
  essay,
  revision,
}: {
  opened: boolean;
  onClose: () => void;
  essay: string;
  revision: string;
}) {
  const { t } = useTranslation();
  // Each part keeps its position in the diff: a stable key for this render.
  const parts = useMemo(
    () => diffWords(essay, revision).map((part, at) => ({ ...part, key: `${at}` })),
    [essay, revision],
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('work.compareTitle')}
      size="90%"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('work.legend')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Box data-testid="compare-essay">
            <Title order={3} size="h5" mb="xs">
              {t('work.essay')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>
              {parts
                .filter((p) => !p.added)
                .map((p) =>
                  p.removed ? (
                    <del
                      key={p.key}
                      style={{
                        color: 'var(--mantine-color-red-8)',
                        background: 'var(--mantine-color-red-0)',
                      }}
                    >
                      <span aria-hidden="true">−</span>
                      <VisuallyHidden>{t('work.removed')}: </VisuallyHidden>
                      {p.value}
                    </del>
                  ) : (
                    <span key={p.key}>{p.value}</span>
                  ),
                )}
            </Text>
          </Box>
          <Box data-testid="compare-revision">
            <Title order={3} size="h5" mb="xs">
              {t('work.revision')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>
              {parts
                .filter((p) => !p.removed)
                .map((p) =>
                  p.added ? (
                    <ins
                      key={p.key}
                      data-testid="diff-added"
                      style={{
                        color: 'var(--mantine-color-green-9)',
                        background: 'var(--mantine-color-green-0)',
                      }}
                    >
                      <span aria-hidden="true">+</span>
                      <VisuallyHidden>{t('work.added')}: </VisuallyHidden>
                      {p.value}
                    </ins>
                  ) : (
                    <span key={p.key}>{p.value}</span>
                  ),
                )}
            </Text>
          </Box>
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
