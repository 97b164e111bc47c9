import {
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { IconChevronDown, IconClipboardList, IconCopy, IconPlus } from '../../../components/icons';
import { OnDemandMenu } from '../../../components/OnDemandMenu';
import { useAssignments } from '../../../lib/assignment-queries';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { AssignmentCard } from './AssignmentCard';

/**
 * The course page's assignments (part 2 §2, §4): a card per assignment, newest first, and for
 * instructors and assistants the new-assignment menu (blank, or importing the previous one's
 * settings). A list that fails to load goes home (part 2 §8).
 */
export function AssignmentsSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { courseId, role } = useCourseContext();
  const manager = isManagerRole(role);
  const list = useAssignments(courseId);
  const newPath = coursePath(courseId, role, 'assignments/new');

  if (list.isError) return <Navigate replace to="/" />;
  const items = list.data ?? [];
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="course-assignments-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="course-assignments-title">
            {t('courses.assignments')}
          </Title>
          {manager ? (
            <OnDemandMenu
              button={
                <Button
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  rightSection={<IconChevronDown size={14} />}
                  data-testid="assignment-new"
                >
                  {t('assignments.new')}
                </Button>
              }
              items={[
                {
                  key: 'blank',
                  label: t('assignments.newBlank'),
                  icon: <IconPlus size={14} />,
                  onClick: () => navigate(newPath),
                },
                {
                  key: 'last',
                  label: t('assignments.importLast'),
                  icon: <IconCopy size={14} />,
                  disabled: items.length === 0,
                  onClick: () => navigate(newPath, { state: { isLastAssignment: true } }),
                },
              ]}
            />
          ) : null}
        </Group>
        {list.isPending ? (
          <Center mih={120} aria-busy="true">
            <Loader size="sm" />
          </Center>
        ) : items.length === 0 ? (
          <Stack align="center" gap={6} py="lg" data-testid="assignments-empty">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconClipboardList size={24} />
            </ThemeIcon>
            <Text fw={600}>{t('courses.noAssignments')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {manager ? t('assignments.emptyManager') : t('courses.noAssignmentsHint')}
            </Text>
          </Stack>
        ) : (
          // Two columns where the section itself is wide enough for two cards, not the window: on a
          // tablet beside the side menu two columns of 210 px cut the stage badges short.
          <SimpleGrid
            type="container"
            cols={{ base: 1, '560px': 2 }}
            spacing="sm"
            data-testid="assignment-list"
          >
            {items.map((a) => (
              <AssignmentCard key={a.id} assignment={a} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
