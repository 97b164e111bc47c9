import {
  Alert,
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
import { useDisclosure } from '@mantine/hooks';
import { IconBook, IconEye, IconKey, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/session/auth-context';
import { CourseCreateModal } from '../courses/components/CourseCreateModal';
import { EnrollModal } from '../enrolls/components/EnrollModal';
import { useDashboard } from './api/dashboard';
import { CourseBox } from './components/CourseBox';
import { ManualModal } from './components/ManualModal';
import { useHiddenCourses } from './hidden-courses';

/** The tutorial for a user without courses: the manual dialog and the enrol (or open-course) dialog. */
function Tutorial({ isInstructor }: { isInstructor: boolean }) {
  const { t } = useTranslation();
  const [manualOpened, manual] = useDisclosure(false);
  const [nextOpened, next] = useDisclosure(false);
  return (
    <Card withBorder radius="lg" p="xl" data-testid="dashboard-tutorial">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('dashboard.tutorial.title')}
          </Title>
          <Text c="dimmed">
            {isInstructor ? t('dashboard.tutorial.introInstructor') : t('dashboard.tutorial.introLearner')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Card withBorder radius="md" p="md">
            <Stack gap="sm" align="flex-start">
              <ThemeIcon size={40} radius="xl" variant="light">
                <IconBook size={22} />
              </ThemeIcon>
              <Text fw={700}>{t('dashboard.tutorial.step1')}</Text>
              <Text size="sm" c="dimmed">
                {t('dashboard.tutorial.step1Body')}
              </Text>
              <Button variant="light" onClick={manual.open}>
                {t('dashboard.tutorial.openManual')}
              </Button>
            </Stack>
          </Card>
          <Card withBorder radius="md" p="md">
            <Stack gap="sm" align="flex-start">
              <ThemeIcon size={40} radius="xl" variant="light">
                {isInstructor ? <IconPlus size={22} /> : <IconKey size={22} />}
              </ThemeIcon>
              <Text fw={700}>
                {isInstructor
                  ? t('dashboard.tutorial.step2Instructor')
                  : t('dashboard.tutorial.step2Learner')}
              </Text>
              <Text size="sm" c="dimmed">
                {isInstructor
                  ? t('dashboard.tutorial.step2InstructorBody')
                  : t('dashboard.tutorial.step2LearnerBody')}
              </Text>
              <Button onClick={next.open}>
                {isInstructor ? t('dashboard.tutorial.createCourse') : t('dashboard.tutorial.enterCode')}
              </Button>
            </Stack>
          </Card>
        </SimpleGrid>
      </Stack>
      <ManualModal opened={manualOpened} onClose={manual.close} isInstructor={isInstructor} />
      {isInstructor ? (
        <CourseCreateModal opened={nextOpened} onClose={next.close} />
      ) : (
        <EnrollModal opened={nextOpened} onClose={next.close} />
      )}
    </Card>
  );
}

/** `/` (part 1 §2): course boxes with assignment tabs, hiding and restoring, and the tutorial. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user, token } = useAuth();
  const dashboard = useDashboard();
  const { hidden, hide, restoreAll } = useHiddenCourses(token);
  const courses = dashboard.data ?? [];
  const visible = courses.filter((c) => !hidden.includes(c.id));
  const hiddenCount = courses.length - visible.length;
  const isInstructor = user?.role === 'I';

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} data-testid="dashboard-greeting">
            {t('dashboard.greeting', { name: user?.name ?? '' })}
          </Title>
          <Text c="dimmed">{t('dashboard.subtitle')}</Text>
        </Stack>
        {hiddenCount > 0 ? (
          <Button variant="default" leftSection={<IconEye size={16} />} onClick={restoreAll}>
            {t('dashboard.restore', { n: hiddenCount })}
          </Button>
        ) : null}
      </Group>
      {dashboard.isPending ? (
        <Center py="xl" aria-busy="true">
          <Loader />
        </Center>
      ) : dashboard.isError ? (
        <Alert color="yellow">{t('common.permissionDenied')}</Alert>
      ) : courses.length === 0 ? (
        <Tutorial isInstructor={isInstructor} />
      ) : visible.length === 0 ? (
        <Text c="dimmed" data-testid="dashboard-all-hidden">
          {t('dashboard.allHidden')}
        </Text>
      ) : (
        // Columns follow the room beside the side navigation, not the window: a course box needs
        // about 500 px for its tabs and stage badges on one line.
        <SimpleGrid
          type="container"
          cols={{ base: 1, '1040px': 2, '1560px': 3 }}
          spacing="lg"
          data-testid="dashboard-courses"
        >
          {visible.map((course) => (
            <CourseBox key={course.id} course={course} onHide={() => hide(course.id)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
