import { ActionIcon, Anchor, Badge, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import type { CourseRole, DashboardCourse } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HoverTooltip } from '../../../components/HoverTooltip';
import { IconClipboardList, IconEyeOff } from '../../../components/icons';
import { OwnScheduleLines, StatusBadge } from '../../../components/StageText';
import { coursePath, enrolledRole, isManagerRole } from '../../../lib/course-mode';

type Assignment = DashboardCourse['assignments'][number];
const TABS = ['all', 'progress', 'completed'] as const;

/** Completed assignments are those whose current stage is the final one (CO). */
function isCompleted(a: Assignment) {
  return a.stage === 'CO';
}

function AssignmentList({ items, course, role }: { items: Assignment[]; course: number; role: CourseRole }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <Stack align="center" gap={4} py="md" data-testid="dashboard-assignments-empty">
        <IconClipboardList size={22} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('dashboard.noAssignments')}
        </Text>
      </Stack>
    );
  }
  const target = (a: Assignment) =>
    coursePath(
      course,
      role,
      isManagerRole(role) ? `assignments/${a.id}` : `assignments/${a.id}/performances/info`,
    );
  return (
    <Stack gap={10} py="xs">
      {items.map((a) => (
        // The stage beside the name where both fit, under it where they do not (a phone, a long
        // name): neither is cut short.
        <Stack key={a.id} gap={2} data-testid={`dashboard-assignment-${a.id}`}>
          <Group justify="space-between" wrap="wrap" gap="xs" style={{ rowGap: 4 }}>
            <Anchor
              component={Link}
              to={target(a)}
              size="sm"
              style={{ minWidth: 0, flex: '1 1 12rem', overflowWrap: 'anywhere' }}
            >
              {a.name}
            </Anchor>
            <StatusBadge assignment={a} testId="dashboard-assignment-status" />
          </Group>
          <OwnScheduleLines
            size="xs"
            testId="dashboard-assignment-schedule"
            assignment={{
              status: a.status,
              is_auto_schedule: a.is_auto_schedule,
              is_waiting_next_stage: a.is_waiting_next_stage,
              next_start_date: a.next_start_date,
              current_stage: { stage: a.stage ?? 'PR', start_date: null, end_date: a.end_date },
              extension: a.extension ?? null,
            }}
          />
        </Stack>
      ))}
    </Stack>
  );
}

/** A dashboard course box: the course, the user's role, and its assignments by tab. */
export function CourseBox({ course, onHide }: { course: DashboardCourse; onHide: () => void }) {
  const { t } = useTranslation();
  const role = course.role === 'instructor' ? 'instructor' : enrolledRole(course.id, course.is_assistant);
  const roleLabel =
    course.role === 'instructor'
      ? t('courses.roles.instructor')
      : course.is_assistant
        ? t('courses.roles.assistant')
        : t('courses.roles.learner');
  const lists = {
    all: course.assignments,
    progress: course.assignments.filter((a) => !isCompleted(a)),
    completed: course.assignments.filter(isCompleted),
  };
  return (
    <Card withBorder radius="lg" p="md" data-testid={`dashboard-course-${course.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={coursePath(course.id, role)} fw={700} fz="lg" truncate>
              {course.name}
            </Anchor>
            <Group gap="xs">
              <Badge size="xs" variant="light" color={course.role === 'instructor' ? 'violet' : 'blue'}>
                {roleLabel}
              </Badge>
              <Text size="xs" c="dimmed">
                {course.instructor_name}
              </Text>
            </Group>
          </Stack>
          <HoverTooltip label={t('dashboard.hide')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onHide}
              aria-label={t('dashboard.hideCourse', { name: course.name })}
            >
              <IconEyeOff size={18} />
            </ActionIcon>
          </HoverTooltip>
        </Group>
        <Tabs defaultValue="all" variant="outline" radius="md">
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`dashboard.tabs.${tab}`)} ({lists[tab].length})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab} value={tab}>
              <AssignmentList items={lists[tab]} course={course.id} role={role} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Card>
  );
}
