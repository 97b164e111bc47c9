import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Assignment, LearnerExtension, StageModelName } from '@pw/contract';
import { MODEL_CODES, ownScheduleOf, type ScheduleInfo, type StatusInfo, statusOf } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { formatShortDateTime } from '../lib/format';
import { IconClock } from './icons';

/** Stage labels: a code's label, and a step's label with its companions merged in (part 2 §4). */
export function useStageLabels() {
  const { t } = useTranslation();
  const code = (c: string) => t(`stages.${c}`, { defaultValue: c });
  const step = (models: readonly StageModelName[]) => models.map((m) => code(MODEL_CODES[m])).join(' · ');
  return { code, step };
}

const STATUS_COLORS: Record<StatusInfo['kind'], string> = {
  completed: 'gray',
  waitingToStart: 'yellow',
  nextStageWaiting: 'orange',
  proceeding: 'blue',
};

/** The card status (part 2 §4): completed, waiting to start, next stage waiting, `<stage>` proceeding. */
export function StatusBadge({
  assignment,
  testId,
}: {
  /** `scores_held`: complete, the scores waiting for the instructor's release (release when ready). */
  assignment: { status: number; stage: string | null; is_waiting_next_stage: boolean; scores_held?: boolean };
  testId?: string;
}) {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const status = statusOf(assignment);
  const held = status.kind === 'completed' && assignment.scores_held === true;
  const label = held
    ? t('assignments.status.scoresHeld')
    : status.kind === 'proceeding'
      ? t('assignments.status.proceeding', { stage: labels.code(status.code) })
      : t(`assignments.status.${status.kind}`);
  return (
    <Badge
      variant="light"
      color={held ? 'orange' : STATUS_COLORS[status.kind]}
      data-testid={testId}
      data-status={status.kind}
      data-held={held || undefined}
    >
      {label}
    </Badge>
  );
}

export function scheduleLabel(
  info: ScheduleInfo,
  t: (key: string, params?: Record<string, string>) => string,
) {
  switch (info.kind) {
    case 'nextStart':
      return t('assignments.schedule.nextStart', { date: formatShortDateTime(info.date) });
    case 'currentEnd':
      return t('assignments.schedule.currentEnd', { date: formatShortDateTime(info.date) });
    default:
      return t(`assignments.schedule.${info.kind}`);
  }
}

/**
 * The schedule as its reader should see it (part 2 §4; issue 33): a learner with an extension of
 * the running step sees their own end marked "extended"; one of another stage is named below.
 */
export function OwnScheduleLines({
  assignment,
  testId,
  size = 'sm',
}: {
  assignment: Parameters<typeof ownScheduleOf>[0] & { extension?: LearnerExtension | null };
  testId?: string;
  size?: 'sm' | 'xs';
}) {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const own = ownScheduleOf(assignment);
  return (
    <Stack gap={2}>
      <Text size={size} c="dimmed" data-testid={testId} data-extended={own.extended || undefined}>
        {scheduleLabel(own.info, t)}
        {own.extended ? (
          <Badge
            component="span"
            size="xs"
            variant="light"
            color="teal"
            ml={6}
            data-testid="schedule-extended"
          >
            {t('assignments.schedule.extended')}
          </Badge>
        ) : null}
      </Text>
      {own.extra ? (
        <Text size={size} c="teal.9" fw={500} data-testid="schedule-extension">
          {t('assignments.schedule.extendedStage', {
            stage: labels.code(own.extra.stage),
            date: formatShortDateTime(own.extra.date),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The card schedule (part 2 §4): manual, end, next start, or the current end (the learner's own). */
export function ScheduleText({ assignment, testId }: { assignment: Assignment; testId?: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <IconClock size={14} color="var(--mantine-color-dimmed)" aria-hidden style={{ marginTop: 3 }} />
      <OwnScheduleLines assignment={assignment} testId={testId} />
    </Group>
  );
}
