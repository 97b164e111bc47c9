import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useUpdateReport } from '../api/report';

/**
 * The revision score of one learner: 0..max in steps of 0.1. "Initialise" goes back to the
 * original score, which the modal states: no score at all (the revision counts 0 until one is
 * given), since nothing suggests a revision score; the first score typed is not an original.
 */
export function RevisionModal({
  ids,
  reportId,
  name,
  current,
  max,
  onClose,
  onDone,
}: {
  ids: { courseId: number; assignmentId: number };
  reportId: number;
  name: string;
  current: number;
  max: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateReport(ids.courseId, ids.assignmentId, reportId);
  const [value, setValue] = useState<number | ''>(current);
  const save = async (body: { revisement_score?: number; initialise?: true }, message: string) => {
    try {
      await update.mutateAsync(body);
      notify('save', { color: 'teal', message });
      onDone();
    } catch {
      notify('save', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('score.revisionTitle', { name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm" data-testid="revision-modal">
        <NumberInput
          label={t('score.revisionScore')}
          min={0}
          max={max}
          step={0.1}
          decimalScale={1}
          required
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : '')}
        />
        <Text size="sm" c="dimmed" data-testid="initialise-help">
          {t('score.revisionInitialiseHelp')}
        </Text>
        <Group justify="space-between">
          <Button
            variant="default"
            loading={update.isPending}
            onClick={() => void save({ initialise: true }, t('score.revisionInitialised'))}
          >
            {t('score.revisionInitialise')}
          </Button>
          <Button
            disabled={value === '' || value > max}
            loading={update.isPending}
            onClick={() => value !== '' && void save({ revisement_score: value }, t('score.revisionSaved'))}
          >
            {t('score.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
