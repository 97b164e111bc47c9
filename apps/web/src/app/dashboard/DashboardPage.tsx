import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { IconEye } from '../../components/icons';
import { OnDemandDialog } from '../../components/OnDemandDialog';
import { useDashboard } from '../../features/dashboard/api/dashboard';
import { CourseBox } from '../../features/dashboard/components/CourseBox';
import { useHiddenCourses } from '../../features/dashboard/hidden-courses';
import { useAuth } from '../../lib/session/auth-context';

// The tutorial's start dialogs load when opened (the same chunk as the side menu's dialogs).
const dialogs = () => import('../shell/dialogs');
const CourseCreateModal = lazy(() => dialogs().then((m) => ({ default: m.CourseCreateModal })));
const EnrollModal = lazy(() => dialogs().then((m) => ({ default: m.EnrollModal })));

// The tutorial (with its manual dialog) is for users without courses; it loads only for them.
const Tutorial = lazy(() =>
  import('../../features/dashboard/components/Tutorial').then((m) => ({ default: m.Tutorial })),
);

/** `/` (part 1 §2): course boxes with assignment tabs, hiding and restoring, and the tutorial. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user, token, isStaff } = useAuth();
  const dashboard = useDashboard();
  // The course boxes are built as a deferred update, which React renders in short slices: a phone
  // stays responsive while they are made. The loader stays until they are in.
  const data = useDeferredValue(dashboard.data);
  const { hidden, hide, restoreAll } = useHiddenCourses(token);
  const courses = data ?? [];
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
      {dashboard.isPending || (dashboard.isSuccess && data === undefined) ? (
        <Center py="xl" aria-busy="true">
          <Loader />
        </Center>
      ) : dashboard.isError ? (
        <Alert color="yellow">{t('common.permissionDenied')}</Alert>
      ) : courses.length === 0 ? (
        <Suspense
          fallback={
            <Center py="xl" aria-busy="true">
              <Loader />
            </Center>
          }
        >
          <Tutorial
            isInstructor={isInstructor}
            // Staff administer the organisation: their dashboard shows the cards without the dialogs.
            autoOpen={!isStaff}
            renderStartDialog={(opened, onClose) =>
              isInstructor ? (
                <OnDemandDialog
                  key="create"
                  opened={opened}
                  render={(shown) => <CourseCreateModal opened={shown} onClose={onClose} />}
                />
              ) : (
                <OnDemandDialog
                  key="enroll"
                  opened={opened}
                  render={(shown) => <EnrollModal opened={shown} onClose={onClose} />}
                />
              )
            }
          />
        </Suspense>
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
