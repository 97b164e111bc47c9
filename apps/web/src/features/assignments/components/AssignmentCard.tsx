import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Assignment } from '@pw/contract';
import { ASSIGNMENT_STATUS } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconEye, IconEyeOff, IconSettings } from '../../../components/icons';
import { ScheduleText, StatusBadge } from '../../../components/StageText';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { ParticipationButton } from './ParticipationButton';

/**
 * One assignment on the course page: status, schedule, and the manager's or learner's button.
 * The manager's button only where the server says the caller runs the assignment (an assistant
 * who takes part in it gets the learner's); the public/private badge is the instructor's (part 1 §6).
 */
export function AssignmentCard({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const { courseId, role } = useCourseContext();
  const a = assignment;
  const manager = isManagerRole(role) && a.manages;
  return (
    <Card withBorder radius="md" p="md" data-testid={`assignment-card-${a.id}`}>
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          {manager ? (
            // The instructor's title opens the assignment, like the manage button (issue 36).
            <Anchor
              component={Link}
              to={coursePath(courseId, role, `assignments/${a.id}`)}
              fw={700}
              c="inherit"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="assignment-name"
            >
              {a.name}
            </Anchor>
          ) : (
            <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="assignment-name">
              {a.name}
            </Text>
          )}
          {role === 'instructor' ? (
            <Badge
              variant="outline"
              color={a.is_public ? 'teal' : 'gray'}
              leftSection={a.is_public ? <IconEye size={12} /> : <IconEyeOff size={12} />}
              style={{ flexShrink: 0 }}
              data-testid="assignment-visibility"
            >
              {a.is_public ? t('assignments.visibility.public') : t('assignments.visibility.private')}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs">
          <StatusBadge
            assignment={{
              status: a.status,
              stage: a.current_stage.stage,
              is_waiting_next_stage: a.is_waiting_next_stage,
              scores_held: !a.manages && a.is_release_held && !a.scores_released,
            }}
            testId="assignment-status"
          />
          <ScheduleText assignment={a} testId="assignment-schedule" />
        </Group>
        <Group justify="flex-end">
          {manager ? (
            <Button
              component={Link}
              to={coursePath(courseId, role, `assignments/${a.id}`)}
              size="xs"
              variant="light"
              leftSection={<IconSettings size={14} />}
              data-testid={`assignment-manage-${a.id}`}
            >
              {t('assignments.manageTask')}
            </Button>
          ) : (
            <ParticipationButton assignment={a} />
          )}
        </Group>
        {!manager && a.status !== ASSIGNMENT_STATUS.complete ? (
          <Text size="xs" c="dimmed" data-testid="assignment-ranked-hint">
            {t('assignments.join.rankedHint')}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
