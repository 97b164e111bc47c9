import { ActionIcon, Center, Collapse, Group, Loader, NativeSelect, Stack, Tabs, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  currentStepIndex,
  type Step as MachineStep,
  PARTICIPATION_STATUS,
  progressSteps,
  UI,
} from '@pw/contract';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { HoverTooltip } from '../../components/HoverTooltip';
import { IconChevronDown, IconChevronUp, IconInfoCircle, IconLock } from '../../components/icons';
import { useStageLabels } from '../../components/StageText';
import { ManagerWorkView } from '../../features/work/components/ManagerWorkView';
import { useAssignment } from '../../lib/assignment-queries';
import { useCourseContext } from '../../lib/course-context';
import { coursePath, isManagerRole } from '../../lib/course-mode';
import { useDeferredResult } from '../../lib/deferred-result';
import type { PerformanceContext } from '../../lib/performance-context';

type Step = MachineStep<string>;

const ReceivedAnchors = lazy(() => import('../../features/reviewing/components/ReceivedAnchors'));

/**
 * Under a learner's essay or revision opened by the instructor or an assistant: the passages its
 * reviewers commented on, highlighted, with the comments (issue 34, item 3), as the author sees them.
 */
const staffAnchors =
  (courseId: number, assignmentId: number) =>
  ({ id, model }: { id: number; model: string }) =>
    model === 'essaywriting' || model === 'revisement' ? (
      <Suspense fallback={<Loader size="sm" />}>
        <ReceivedAnchors ids={{ courseId, assignmentId }} performanceId={id} staff />
      </Suspense>
    ) : null;

/** The tabs of the learner's screens: task information, then one per step, then completion. */
function tabsOf(steps: Step[], current: number) {
  return [
    ...steps.map((s, i) => ({ key: s.code as string, models: s.models, open: i <= current })),
    { key: 'CO', models: [] as Step['models'], open: current >= steps.length },
  ];
}

/**
 * `/assignments/:assignmentId/performances/*` (part 2 §2 learner performance screens): the tab
 * bar (task info, one tab per stage up to the current one, later ones disabled with a
 * tooltip; foldable; a dropdown on phones) above the page of the chosen tab. Managers go to
 * the management page; learners who do not take part go back to the course with the reason.
 */
export function PerformancesLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const labels = useStageLabels();
  const courseContext = useCourseContext();
  const { courseId, role } = courseContext;
  const assignmentId = Number(useParams().assignmentId);
  const manager = isManagerRole(role);
  const valid = Number.isInteger(assignmentId) && assignmentId > 0;
  const assignment = useDeferredResult(useAssignment(courseId, assignmentId, { enabled: valid && !manager }));
  const [folded, fold] = useDisclosure(false);
  const narrow = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const participation = assignment.data?.participation;
  const refused =
    participation === PARTICIPATION_STATUS.none || participation === PARTICIPATION_STATUS.waitingApproval;

  useEffect(() => {
    if (!refused) return;
    notifications.show({
      id: `not-participating-${assignmentId}`,
      color: 'yellow',
      message:
        participation === PARTICIPATION_STATUS.waitingApproval
          ? t('assignments.join.waitingNotice')
          : t('assignments.info.notParticipating'),
    });
  }, [refused, participation, assignmentId, t]);

  const coursePage = coursePath(courseId, role);
  const base = coursePath(courseId, role, `assignments/${assignmentId}/performances`);
  const segment = location.pathname.slice(base.length + 1).split('/')[0] || 'info';
  // The instructor and assistants open a learner's work read-only by its id (from the management table).
  if (manager && /^\d+$/.test(segment))
    return <ManagerWorkView performanceId={Number(segment)} below={staffAnchors(courseId, assignmentId)} />;
  if (manager) return <Navigate replace to={coursePath(courseId, role, `assignments/${assignmentId}`)} />;
  if (!valid || assignment.isError || refused) return <Navigate replace to={coursePage} />;
  if (assignment.isPending) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }

  const a = assignment.data;
  const steps = progressSteps(a.progresses);
  const current = currentStepIndex(steps, a.current_stage.stage);
  const tabs = tabsOf(steps, current);
  // A learner's link by performance id (part 2 §2) shows the tab of that work's step.
  if (/^\d+$/.test(segment)) {
    const model = a.progresses.find((p) => p.performance_id === Number(segment))?.model;
    const step = steps.find((s) => model && s.models.includes(model));
    return <Navigate replace to={`${base}/${step?.code ?? 'info'}`} />;
  }
  const active = segment === 'info' || tabs.some((tab) => tab.key === segment) ? segment : null;
  const label = (tab: (typeof tabs)[number]) =>
    tab.key === 'CO' ? labels.code('CO') : labels.step(tab.models);
  const go = (key: string | null) => {
    if (key) navigate(`${base}/${key}`);
  };
  const context: PerformanceContext = { ...courseContext, assignment: a, steps, current };

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title
          order={1}
          size="h3"
          style={{ overflowWrap: 'anywhere' }}
          data-testid="performance-assignment-name"
        >
          {a.name}
        </Title>
        {narrow ? null : (
          <HoverTooltip label={folded ? t('assignments.info.unfold') : t('assignments.info.fold')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={fold.toggle}
              aria-label={folded ? t('assignments.info.unfold') : t('assignments.info.fold')}
              aria-expanded={!folded}
            >
              {folded ? <IconChevronDown size={18} /> : <IconChevronUp size={18} />}
            </ActionIcon>
          </HoverTooltip>
        )}
      </Group>
      {narrow ? (
        // A native list on phones: the phone's own picker, and no positioning engine to load.
        <NativeSelect
          aria-label={t('assignments.info.tabs')}
          value={active ?? ''}
          onChange={(event) => go(event.currentTarget.value)}
          data={[
            { value: 'info', label: t('assignments.info.tab') },
            ...tabs.map((tab) => ({ value: tab.key, label: label(tab), disabled: !tab.open })),
          ]}
          data-testid="performance-tab-select"
        />
      ) : (
        <Collapse expanded={!folded}>
          <Tabs value={active} onChange={go} aria-label={t('assignments.info.tabs')}>
            <Tabs.List data-testid="performance-tabs">
              <Tabs.Tab value="info" leftSection={<IconInfoCircle size={16} />}>
                {t('assignments.info.tab')}
              </Tabs.Tab>
              {tabs.map((tab) =>
                tab.open ? (
                  <Tabs.Tab key={tab.key} value={tab.key} data-testid={`performance-tab-${tab.key}`}>
                    {label(tab)}
                  </Tabs.Tab>
                ) : (
                  <HoverTooltip key={tab.key} label={t('assignments.info.tabLocked')}>
                    <span data-testid={`performance-tab-${tab.key}`} data-locked="true">
                      <Tabs.Tab value={tab.key} disabled leftSection={<IconLock size={14} />}>
                        {label(tab)}
                      </Tabs.Tab>
                    </span>
                  </HoverTooltip>
                ),
              )}
            </Tabs.List>
          </Tabs>
        </Collapse>
      )}
      <Outlet context={context} />
    </Stack>
  );
}
