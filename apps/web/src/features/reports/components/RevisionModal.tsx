import '../../../lib/texts/trace-texts';
import { Button, Group, Loader, Modal, NumberInput, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RevisionTraceList } from '../../../components/RevisionTraceList';
import { notify } from '../../../lib/notify';
import { useReport, useUpdateReport } from '../api/report';

/**
 * The revision score of one learner: 0..max in steps of 0.1, with the learner's feedback trace
 * (which comments they used, partly used or did not use, and why) and the score it suggests.
 * "Initialise" goes back to the original score, which the modal states: the suggested score, or
 * without one no score at all (the revision counts 0 until one is given); the first score typed
 * is not an original.
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
  const report = useReport(ids.courseId, ids.assignmentId, reportId);
  const trace = report.data?.revision_trace ?? null;
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
        {report.isPending ? <Loader size="sm" /> : null}
        {trace ? (
          <Stack gap={4} data-testid="revision-trace">
            <Text fw={600} size="sm">
              {t('trace.reportTitle')}
            </Text>
            <Text size="sm" data-testid="trace-suggested">
              {trace.suggested_score === null
                ? t('trace.noSuggestion')
                : t('trace.suggested', { score: trace.suggested_score, max })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('trace.suggestionHelp')}
            </Text>
            <ScrollArea.Autosize mah={280} type="auto">
              <RevisionTraceList trace={trace} />
            </ScrollArea.Autosize>
          </Stack>
        ) : null}
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
