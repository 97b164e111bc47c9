import { ActionIcon, Anchor, Badge, Card, Group, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import type { DashboardCourse } from '@pw/contract';
import { IconClipboardList, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { coursePath, enrolledRole } from '../../courses/course-mode';

type Assignment = DashboardCourse['assignments'][number];
const TABS = ['all', 'progress', 'completed'] as const;

/** Completed assignments are those whose current stage is the final one (CO). */
function isCompleted(a: Assignment) {
  return a.stage === 'CO';
}

function AssignmentList({ items }: { items: Assignment[] }) {
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
  return (
    <Stack gap={4} py="xs">
      {items.map((a) => (
        <Group key={a.id} justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {a.name}
          </Text>
          <Text size="xs" c="dimmed">
            {a.end_date ? formatDate(a.end_date) : ''}
          </Text>
        </Group>
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
          <Tooltip label={t('dashboard.hide')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onHide}
              aria-label={t('dashboard.hideCourse', { name: course.name })}
            >
              <IconEyeOff size={18} />
            </ActionIcon>
          </Tooltip>
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
              <AssignmentList items={lists[tab]} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Card>
  );
}
