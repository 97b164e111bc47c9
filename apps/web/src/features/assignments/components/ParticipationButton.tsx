import { Button, Text } from '@mantine/core';
import type { Assignment } from '@pw/contract';
import { ASSIGNMENT_STATUS, PARTICIPATION_STATUS } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HoverTooltip } from '../../../components/HoverTooltip';
import { IconArrowRight, IconCheck, IconHourglassHigh, IconUserPlus } from '../../../components/icons';
import { ApiError } from '../../../lib/api-error';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath } from '../../../lib/course-mode';
import { notify } from '../../../lib/notify';
import { useLateParticipation } from '../api/late-participation';

/**
 * A learner's way into an assignment (part 2 §4 participation): 1 opens the task information,
 * before the start a note that everyone takes part from the start (nothing to ask), 2 says to
 * wait for the professor's approval, otherwise a late participation request. A
 * completed assignment the learner did not take part in shows a disabled button with a tooltip.
 */
export function ParticipationButton({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const { courseId, role } = useCourseContext();
  const join = useLateParticipation(courseId);
  const participation = assignment.participation ?? 0;
  const testId = `assignment-join-${assignment.id}`;

  if (participation === 1) {
    return (
      <Button
        component={Link}
        to={coursePath(courseId, role, `assignments/${assignment.id}/performances/info`)}
        size="xs"
        rightSection={<IconArrowRight size={14} />}
        data-testid={testId}
      >
        {t('assignments.join.enter')}
      </Button>
    );
  }
  if (assignment.status === ASSIGNMENT_STATUS.complete) {
    return (
      // The tooltip's code loads on the first hover: the course page fetches no positioning engine.
      <HoverTooltip label={t('assignments.join.completedTooltip')}>
        <Button
          size="xs"
          variant="default"
          data-disabled
          aria-disabled
          onClick={(e) => e.preventDefault()}
          leftSection={<IconCheck size={14} />}
          data-testid={testId}
        >
          {t('assignments.join.completed')}
        </Button>
      </HoverTooltip>
    );
  }
  if (assignment.status === ASSIGNMENT_STATUS.waiting) {
    // Before the start there is nothing to ask: every active learner takes part when it starts.
    return (
      <Text size="xs" c="dimmed" data-testid={testId}>
        {t('assignments.join.automatic')}
      </Text>
    );
  }
  if (participation === 2) {
    return (
      <Button
        size="xs"
        variant="light"
        color="orange"
        leftSection={<IconHourglassHigh size={14} />}
        onClick={() => notify('action', { color: 'yellow', message: t('assignments.join.waitingNotice') })}
        data-testid={testId}
      >
        {t('assignments.join.waiting')}
      </Button>
    );
  }
  const request = async () => {
    try {
      const { status } = await join.mutateAsync(assignment.id);
      notify('action', {
        color: status === PARTICIPATION_STATUS.participating ? 'teal' : 'blue',
        message:
          status === PARTICIPATION_STATUS.participating
            ? t('assignments.join.joined')
            : t('assignments.join.requested'),
      });
    } catch (error) {
      const detail = error instanceof ApiError && error.status === 406 ? error.body.detail : undefined;
      notify('action', { color: 'yellow', message: detail ?? t('common.wrongRequest') });
    }
  };
  return (
    <Button
      size="xs"
      variant="outline"
      leftSection={<IconUserPlus size={14} />}
      loading={join.isPending}
      onClick={() => void request()}
      data-testid={testId}
    >
      {t('assignments.join.request')}
    </Button>
  );
}
