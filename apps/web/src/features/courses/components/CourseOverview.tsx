import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CopyButton,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { FileLinks } from '../../../components/FilesField';
import { HoverTooltip } from '../../../components/HoverTooltip';
import {
  IconChartBar,
  IconCheck,
  IconCopy,
  IconPencil,
  IconSchool,
  IconShieldHalf,
  IconTrash,
  IconUserCog,
  IconUsers,
} from '../../../components/icons';
import { OnDemandDialog } from '../../../components/OnDemandDialog';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole, listModeSwitches, setAssistantMode } from '../../../lib/course-mode';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useDeleteCourse } from '../api/delete-course';
import { useLearnerInfo } from '../api/learner-info';

// The two dialogs (a form with its validation; the roster table) load when first opened: the
// course page's first screen does not need their code (issue 35).
const StudentManagementModal = lazy(() =>
  import('./StudentManagementModal').then((m) => ({ default: m.StudentManagementModal })),
);
const StudentNumberModal = lazy(() =>
  import('./StudentNumberModal').then((m) => ({ default: m.StudentNumberModal })),
);

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <div data-testid={testId}>{children}</div>
    </Stack>
  );
}

/** The mode switches of part 1 §4 for the current view (listModeSwitches). */
function ModeButtons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { courseId, role, course, info } = useCourseContext();
  const switches = listModeSwitches(role, {
    isAssistant: info.is_assistant,
    isInstructor: info.is_instructor,
    isInstructorLearner: course.is_instructor_learner,
  });
  const looks = {
    assistant: { color: 'violet', icon: <IconShieldHalf size={16} />, label: t('courses.assistantMode') },
    learner: { color: 'blue', icon: <IconSchool size={16} />, label: t('courses.studentMode') },
    instructor: { color: 'violet', icon: <IconUserCog size={16} />, label: t('courses.instructorMode') },
  };
  return (
    <>
      {switches.map(({ to, assistantMode }) => (
        <Button
          key={to}
          variant="light"
          color={looks[to].color}
          leftSection={looks[to].icon}
          onClick={() => {
            if (assistantMode !== undefined) setAssistantMode(courseId, assistantMode);
            navigate(coursePath(courseId, to));
          }}
        >
          {looks[to].label}
        </Button>
      ))}
    </>
  );
}

/** The learner's own student ID with its edit dialog. */
function MyStudentId() {
  const { t } = useTranslation();
  const { courseId } = useCourseContext();
  const info = useLearnerInfo(courseId);
  const [opened, { open, close }] = useDisclosure(false);
  const code = info.data?.learner_code ?? '';
  return (
    <Field label={t('courses.myStudentId')}>
      <Group gap={4} wrap="nowrap">
        <Text data-testid="my-student-id">{info.isPending ? '…' : code || t('courses.notSet')}</Text>
        <HoverTooltip label={t('courses.editMyStudentId')}>
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={open}
            disabled={!info.data}
            aria-label={t('courses.editMyStudentId')}
          >
            <IconPencil size={14} />
          </ActionIcon>
        </HoverTooltip>
      </Group>
      <OnDemandDialog
        opened={opened}
        render={(shown) => (
          <StudentNumberModal opened={shown} onClose={close} courseId={courseId} current={code} />
        )}
      />
    </Field>
  );
}

/** The top section of the course page: what the course is, its files and the management buttons. */
export function CourseOverview() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { courseId, role, course, info } = useCourseContext();
  const [studentsOpened, students] = useDisclosure(false);
  const [deleteOpened, deleting] = useDisclosure(false);
  const remove = useDeleteCourse(courseId);
  const isManager = isManagerRole(role);
  const isInstructorView = role === 'instructor';

  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      deleting.close();
      notify('action', { color: 'teal', message: t('courses.deleted') });
      navigate('/');
    } catch {
      notify('action', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="course-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs">
              <Badge color={role === 'learner' ? 'blue' : 'violet'} variant="light" data-testid="course-role">
                {t(`courses.roles.${role}`)}
              </Badge>
              {isInstructorView ? (
                <Badge color={course.is_open ? 'teal' : 'gray'} variant="dot" data-testid="course-open-state">
                  {course.is_open ? t('courses.open') : t('courses.closed')}
                </Badge>
              ) : null}
            </Group>
            <Title order={1} size="h2" id="course-title" data-testid="course-name">
              {course.name}
            </Title>
          </Stack>
          <Group gap="xs">
            <ModeButtons />
          </Group>
        </Group>
        {course.description ? (
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="course-description">
            {course.description}
          </Text>
        ) : (
          <Text c="dimmed" size="sm">
            {t('courses.noDescription')}
          </Text>
        )}
        <Divider />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Field label={t('courses.instructor')}>
            <Text>
              {course.instructor.name}{' '}
              <Text span c="dimmed" size="sm">
                {course.instructor.email}
              </Text>
            </Text>
          </Field>
          <Field label={t('courses.learnersCount')}>
            <Text data-testid="course-learners-count">
              {t('courses.people', { n: course.learners_count })}
            </Text>
          </Field>
          <Field label={t('courses.openedOn')}>
            <Text>{formatDate(course.created_at)}</Text>
          </Field>
          {isInstructorView && course.code ? (
            <Field label={t('courses.code')}>
              <Paper withBorder radius="md" px="sm" py={4} display="inline-block">
                <Group gap="xs" wrap="nowrap">
                  <Text ff="monospace" fw={700} fz="lg" data-testid="course-code">
                    {course.code}
                  </Text>
                  <CopyButton value={course.code}>
                    {({ copied, copy }) => (
                      <HoverTooltip label={copied ? t('courses.copied') : t('courses.copyCode')}>
                        <ActionIcon
                          variant="subtle"
                          color={copied ? 'teal' : 'gray'}
                          onClick={copy}
                          aria-label={t('courses.copyCode')}
                        >
                          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        </ActionIcon>
                      </HoverTooltip>
                    )}
                  </CopyButton>
                </Group>
              </Paper>
              <Text size="xs" c="dimmed" mt={4}>
                {t('courses.codeHint')}
              </Text>
            </Field>
          ) : null}
          {role === 'learner' && info.is_learner ? <MyStudentId /> : null}
        </SimpleGrid>
        <Field label={t('courses.lecturePlan')}>
          <FileLinks files={course.files} testId="course-files" />
        </Field>
        {role === 'learner' && info.is_learner ? (
          <Group gap="xs">
            <Button
              component={Link}
              to={coursePath(courseId, role, 'my-score')}
              variant="light"
              leftSection={<IconChartBar size={16} />}
              data-testid="my-score-link"
            >
              {t('courses.myScore')}
            </Button>
          </Group>
        ) : null}
        {isManager ? (
          <>
            <Divider />
            <Group gap="xs">
              <Button
                component={Link}
                to={coursePath(courseId, role, 'edit')}
                variant="default"
                leftSection={<IconPencil size={16} />}
              >
                {t('courses.edit')}
              </Button>
              <Button variant="default" leftSection={<IconUsers size={16} />} onClick={students.open}>
                {t('courses.manageStudents')}
              </Button>
              {/* Not for an assistant who took part in a completed assignment (the server refuses her). */}
              {info.reads_results ? (
                <Button
                  component={Link}
                  to={coursePath(courseId, role, 'results')}
                  variant="default"
                  leftSection={<IconChartBar size={16} />}
                  data-testid="course-results-link"
                >
                  {t('courses.results')}
                </Button>
              ) : null}
              {isInstructorView ? (
                <Button
                  variant="outline"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={deleting.open}
                >
                  {t('courses.delete')}
                </Button>
              ) : null}
            </Group>
            <OnDemandDialog
              opened={studentsOpened}
              render={(shown) => (
                <StudentManagementModal
                  opened={shown}
                  onClose={students.close}
                  courseId={courseId}
                  canToggleAssistant={isInstructorView}
                />
              )}
            />
            <ConfirmModal
              opened={deleteOpened}
              onClose={deleting.close}
              onConfirm={() => void onDelete()}
              title={t('courses.deleteTitle')}
              message={t('courses.deleteConfirm', { name: course.name })}
              confirmLabel={t('courses.deleteSubmit')}
              loading={remove.isPending}
            />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
