import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useReleaseScores } from '../api/scores';

/** Release when ready: the held scores' notice and the button that releases them all at once. */
export function ReleaseCard({ courseId, assignmentId }: { courseId: number; assignmentId: number }) {
  const { t } = useTranslation();
  const release = useReleaseScores(courseId, assignmentId);
  const [confirming, setConfirming] = useState(false);
  const submit = async () => {
    try {
      await release.mutateAsync();
      notify('release', { color: 'teal', message: t('score.release.done') });
    } catch {
      notify('release', { color: 'yellow', message: t('common.wrongRequest') });
    } finally {
      setConfirming(false);
    }
  };
  return (
    <Alert color="orange" title={t('score.release.title')} data-testid="release-pending">
      <Stack gap="sm">
        <Text size="sm">{t('score.release.pending')}</Text>
        <Group>
          <Button size="sm" onClick={() => setConfirming(true)} data-testid="release-scores">
            {t('score.release.button')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('score.release.confirmTitle')}
        centered
      >
        <Stack>
          <Text size="sm">{t('score.release.confirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('score.release.cancel')}
            </Button>
            <Button loading={release.isPending} onClick={submit} data-testid="release-confirm">
              {t('score.release.button')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}
