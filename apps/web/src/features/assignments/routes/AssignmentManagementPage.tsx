import { Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Assignment, ManagementTable, StageCode } from '@pw/contract';
import {
  ASSIGNMENT_STATUS,
  canOpenMatchings,
  countdownTarget,
  currentStepIndex,
  PARTICIPATION_STATUS,
  progressSteps,
} from '@pw/contract';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { HoverTooltip } from '../../../components/HoverTooltip';
import {
  IconArrowLeft,
  IconArrowRight,
  IconChartBar,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconTrash,
  IconUsersGroup,
} from '../../../components/icons';
import { ScheduleText, StatusBadge, useStageLabels } from '../../../components/StageText';
import { ApiError } from '../../../lib/api-error';
import { assignmentQuery } from '../../../lib/assignment-queries';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { notify } from '../../../lib/notify';
import { assignmentKey } from '../../../lib/query-keys';
import { useDeleteAssignment } from '../api/delete-assignment';
import { gradeSendsQuery, managementQuery } from '../api/management';
import { useMoveToNextStage } from '../api/move-to-next-stage';
import { Countdown } from '../components/Countdown';
import { ExportMenu } from '../components/ExportMenu';
import { ExtensionsPanel } from '../components/ExtensionsPanel';
import { ProgressTable } from '../components/ProgressTable';
import { StageTimeline } from '../components/StageTimeline';
import { runningStageCount } from '../running-stage';

function ManagementView({
  assignment,
  management,
}: {
  assignment: Assignment;
  /** The page's own query of the table (a second observer here would fetch it a second time). */
  management: UseQueryResult<ManagementTable>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const labels = useStageLabels();
  const { courseId, role } = useCourseContext();
  const a = assignment;
  const move = useMoveToNextStage(courseId, a.id);
  const remove = useDeleteAssignment(courseId, a.id);
  const [moveOpened, moving] = useDisclosure(false);
  const [deleteOpened, deleting] = useDisclosure(false);
  const sub = (path: string) => coursePath(courseId, role, `assignments/${a.id}${path}`);
  const coursePage = coursePath(courseId, role);

  const steps = progressSteps(a.progresses);
  const current = currentStepIndex(steps, a.current_stage.stage);
  const complete = a.status === ASSIGNMENT_STATUS.complete;
  const next = steps[current + 1];
  const nextLabel = next ? labels.step(next.models) : labels.code('CO');
  const target = countdownTarget(a);
  const skewMs = new Date(a.now).getTime() - Date.now();
  const finishedCount = complete ? null : runningStageCount(management.data);
  const matchingOpen = canOpenMatchings(a.current_stage.stage, management.data?.headers ?? []);
  // LTI grade passback: asked once the assignment is complete (no grade is sent before); a badge
  // per learner only when the assignment has an LMS line item. Refreshed while any is on its way.
  const gradeSends = useQuery({
    ...gradeSendsQuery(courseId, a.id),
    enabled: complete,
    refetchInterval: (q) => (q.state.data?.grades.some((g) => g.status !== 'sent') ? 5000 : false),
  });
  const grades = gradeSends.data?.linked
    ? new Map(gradeSends.data.grades.map((g) => [g.enrollment_id, g]))
    : undefined;

  const refetch = () => void queryClient.invalidateQueries({ queryKey: assignmentKey(courseId, a.id) });
  // The server's scheduler moves the stage within a few seconds of the moment: ask again a few times.
  const catchUp = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const id of catchUp.current) window.clearTimeout(id);
    },
    [],
  );
  const onElapsed = () => {
    refetch();
    for (const ms of [2500, 6000, 12000]) catchUp.current.push(window.setTimeout(refetch, ms));
  };

  const onMove = async () => {
    try {
      await move.mutateAsync(a.current_stage.stage as StageCode);
      moving.close();
      notify('stage', { color: 'teal', message: t('assignments.manage.stageChanged') });
    } catch (error) {
      moving.close();
      const detail =
        error instanceof ApiError && (error.status === 406 || error.status === 409)
          ? error.body.detail
          : undefined;
      notify('stage', { color: 'yellow', message: detail ?? t('assignments.manage.stageChangeFailed') });
      refetch();
    }
  };

  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      deleting.close();
      notify('action', { color: 'teal', message: t('assignments.manage.deleted') });
      navigate(coursePage);
    } catch {
      notify('action', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to={coursePage} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('courses.backToCourse')}
        </Group>
      </Anchor>
      <Stack gap={6}>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="assignment-title">
          {a.name}
        </Title>
        <Group gap="xs">
          <StatusBadge
            assignment={{
              status: a.status,
              stage: a.current_stage.stage,
              is_waiting_next_stage: a.is_waiting_next_stage,
            }}
            testId="assignment-status"
          />
          <Badge
            variant="outline"
            color={a.is_public ? 'teal' : 'gray'}
            leftSection={a.is_public ? <IconEye size={12} /> : <IconEyeOff size={12} />}
          >
            {a.is_public ? t('assignments.visibility.public') : t('assignments.visibility.private')}
          </Badge>
          <ScheduleText assignment={a} />
        </Group>
      </Stack>

      <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="stage-progress-title">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={2} size="h4" id="stage-progress-title">
              {t('assignments.manage.progress')}
            </Title>
            <Group gap="sm">
              {target ? (
                <Countdown target={target.date} kind={target.kind} skewMs={skewMs} onElapsed={onElapsed} />
              ) : !a.is_auto_schedule && !complete ? (
                <Text size="sm" c="dimmed">
                  {t('assignments.manage.manualHint')}
                </Text>
              ) : null}
              {complete ? null : (
                <Button
                  rightSection={<IconArrowRight size={16} />}
                  onClick={moving.open}
                  data-testid="assignment-next-step"
                >
                  {t('assignments.manage.nextStep')}
                </Button>
              )}
            </Group>
          </Group>
          <StageTimeline assignment={a} />
        </Stack>
      </Card>

      <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="student-progress-title">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4" id="student-progress-title">
              {t('assignments.manage.students')}
            </Title>
            {management.data ? (
              <Text size="sm" c="dimmed">
                {t('assignments.manage.participants', {
                  n: management.data.names.filter((p) => p.status === PARTICIPATION_STATUS.participating)
                    .length,
                })}
              </Text>
            ) : null}
          </Group>
          {management.isPending ? (
            <Center mih={120} aria-busy="true">
              <Loader size="sm" />
            </Center>
          ) : management.isError ? (
            <Text c="dimmed" size="sm">
              {t('common.wrongRequest')}
            </Text>
          ) : (
            <ProgressTable
              courseId={courseId}
              assignmentId={a.id}
              table={management.data}
              canApprove={!complete}
              grades={grades}
            />
          )}
        </Stack>
      </Card>

      <ExtensionsPanel
        courseId={courseId}
        assignmentId={a.id}
        models={a.progresses.map((p) => p.model)}
        table={management.data}
        canGrant={!complete && a.status === ASSIGNMENT_STATUS.proceeding}
      />

      <Group justify="space-between" gap="sm" data-testid="assignment-actions">
        <Group gap="sm">
          <ExportMenu courseId={courseId} assignmentId={a.id} />
          <Button
            component={Link}
            to={sub('/score')}
            variant="default"
            leftSection={<IconChartBar size={16} />}
          >
            {t('assignments.manage.scoreDetails')}
          </Button>
          {matchingOpen ? (
            <Button
              component={Link}
              to={sub('/matchings')}
              variant="default"
              leftSection={<IconUsersGroup size={16} />}
              data-testid="assignment-matching"
            >
              {t('assignments.manage.matching')}
            </Button>
          ) : (
            <HoverTooltip label={t('assignments.manage.matchingDisabled')} multiline w={260}>
              <Button
                variant="default"
                leftSection={<IconUsersGroup size={16} />}
                data-disabled
                aria-disabled
                // A phone has no hover: a tap (or Enter) says why it is closed.
                onClick={(e) => {
                  e.preventDefault();
                  notify('action', { color: 'blue', message: t('assignments.manage.matchingDisabled') });
                }}
                data-testid="assignment-matching"
              >
                {t('assignments.manage.matching')}
              </Button>
            </HoverTooltip>
          )}
        </Group>
        <Group gap="sm">
          <Button
            component={Link}
            to={sub('/edit')}
            variant="default"
            leftSection={<IconPencil size={16} />}
            data-testid="assignment-edit"
          >
            {t('assignments.manage.edit')}
          </Button>
          <Button variant="outline" color="red" leftSection={<IconTrash size={16} />} onClick={deleting.open}>
            {t('assignments.manage.delete')}
          </Button>
        </Group>
      </Group>

      <ConfirmModal
        opened={moveOpened}
        onClose={moving.close}
        onConfirm={() => void onMove()}
        title={t('assignments.manage.nextStepTitle')}
        message={
          <>
            {t('assignments.manage.nextStepConfirm', { stage: nextLabel })}
            {finishedCount ? (
              <Text component="span" display="block" mt="sm" fw={600} data-testid="next-step-finished">
                {t(`assignments.manage.finished.${finishedCount.kind}`, finishedCount)}
              </Text>
            ) : null}
          </>
        }
        confirmLabel={t('assignments.manage.nextStepSubmit')}
        loading={move.isPending}
      />
      <ConfirmModal
        opened={deleteOpened}
        onClose={deleting.close}
        onConfirm={() => void onDelete()}
        title={t('assignments.manage.deleteTitle')}
        message={t('assignments.manage.deleteConfirm', { name: a.name })}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
      />
    </Stack>
  );
}

/**
 * `/assignments/:assignmentId` (part 2 §2): the instructor's management page. Learners go to
 * the task information; an assignment that fails to load goes back to the course.
 */
export function AssignmentManagementPage() {
  const { courseId, role } = useCourseContext();
  const assignmentId = Number(useParams().assignmentId);
  const manager = isManagerRole(role);
  const valid = Number.isInteger(assignmentId) && assignmentId > 0;
  const assignment = useQuery({
    ...assignmentQuery(courseId, assignmentId),
    enabled: manager && valid,
    // Once an auto-scheduled stage's moment has passed, ask again until the server has moved it.
    refetchInterval: (query) => {
      const data = query.state.data;
      const target = data ? countdownTarget(data) : null;
      if (!data || !target) return false;
      const serverNow = Date.now() + (new Date(data.now).getTime() - query.state.dataUpdatedAt);
      return new Date(target.date).getTime() <= serverNow ? 3000 : false;
    },
  });
  // The student table is asked for beside the assignment, not after it.
  const management = useQuery({ ...managementQuery(courseId, assignmentId), enabled: manager && valid });
  // The page appears once both answers are in (the table, or its error), so nothing below the
  // table moves when it arrives; and it is rendered as a deferred update, which React renders in
  // slices of a few milliseconds: the browser stays responsive while a long table is built.
  const ready = useDeferredValue(assignment.isSuccess && !management.isPending, false);
  if (!valid || assignment.isError) return <Navigate replace to={coursePath(courseId, role)} />;
  if (!manager)
    return (
      <Navigate replace to={coursePath(courseId, role, `assignments/${assignmentId}/performances/info`)} />
    );
  if (assignment.isPending || !ready) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  return <ManagementView assignment={assignment.data} management={management} />;
}
