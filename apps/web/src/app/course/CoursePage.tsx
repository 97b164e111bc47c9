import { Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { UI } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IconBook, IconClipboardList, IconNews } from '../../components/icons';
import { AssignmentsSection } from '../../features/assignments/components/AssignmentsSection';
import { CourseOverview } from '../../features/courses/components/CourseOverview';
import { NoticeBoard } from '../../features/posts/components/NoticeBoard';
import classes from './CoursePage.module.css';

const TABS = ['lectures', 'board', 'assignments'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/courses/:courseId/:role` (part 1 §2): wide screens show the top section, the notice board and
 * the assignments together; narrow screens (< 768px) show them as three tabs.
 */
export function CoursePage() {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'lectures';

  if (!isNarrow) {
    return (
      <Stack gap="lg" maw={1100} data-testid="course-page">
        <CourseOverview />
        <NoticeBoard />
        <AssignmentsSection />
      </Stack>
    );
  }
  return (
    <Tabs
      value={tab}
      onChange={(value) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.set('tab', value ?? 'lectures');
            next.delete('page');
            return next;
          },
          { replace: true },
        )
      }
      data-testid="course-page"
      classNames={{ list: classes.list, tab: classes.tab, tabSection: classes.tabSection }}
    >
      <Tabs.List grow mb="md">
        <Tabs.Tab value="lectures" leftSection={<IconBook size={16} />}>
          {t('courses.tabs.lectures')}
        </Tabs.Tab>
        <Tabs.Tab value="board" leftSection={<IconNews size={16} />}>
          {t('courses.tabs.board')}
        </Tabs.Tab>
        <Tabs.Tab value="assignments" leftSection={<IconClipboardList size={16} />}>
          {t('courses.tabs.assignments')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="lectures">
        <CourseOverview />
      </Tabs.Panel>
      <Tabs.Panel value="board">
        <NoticeBoard />
      </Tabs.Panel>
      <Tabs.Panel value="assignments">
        <AssignmentsSection />
      </Tabs.Panel>
    </Tabs>
  );
}
