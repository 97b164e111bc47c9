import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { PARTICIPATION_STATUS } from '@pw/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FileLinks } from '../../../components/FilesField';
import { ScheduleText, StatusBadge } from '../../../components/StageText';
import { useCourseContext } from '../../../lib/course-context';
import { usePerformanceContext } from '../../../lib/performance-context';
import { useRecordAttendance } from '../api/attendance';
import { StageTimeline } from '../components/StageTimeline';

// Assignments whose task information this tab has already reported as read.
const reported = new Set<string>();

/**
 * `/performances/info` (part 2 §2): the description, the timeline and the attachments. The
 * first view records attendance (`PATCH …/attendance/`), which completes preparation; once the
 * assignment says it is recorded (`attended`), no further call is sent.
 */
export function TaskInfoPage() {
  const { t } = useTranslation();
  const { courseId } = useCourseContext();
  const { assignment: a } = usePerformanceContext();
  const attendance = useRecordAttendance(courseId, a.id);
  const { mutate } = attendance;

  useEffect(() => {
    const key = `${courseId}:${a.id}`;
    if (a.participation !== PARTICIPATION_STATUS.participating || a.attended || reported.has(key)) return;
    reported.add(key);
    mutate(undefined, { onError: () => reported.delete(key) });
  }, [courseId, a.id, a.participation, a.attended, mutate]);

  return (
    <Card withBorder radius="lg" p="lg" data-testid="task-info">
      <Stack gap="lg">
        <Group gap="xs">
          <StatusBadge
            assignment={{
              status: a.status,
              stage: a.current_stage.stage,
              is_waiting_next_stage: a.is_waiting_next_stage,
            }}
            testId="task-info-status"
          />
          <ScheduleText assignment={a} />
        </Group>
        <Stack gap={6} component="section" aria-labelledby="task-info-description">
          <Title order={2} size="h5" id="task-info-description">
            {t('assignments.info.description')}
          </Title>
          <Text
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="task-info-description"
          >
            {a.description}
          </Text>
        </Stack>
        <Divider />
        <Stack gap="sm" component="section" aria-labelledby="task-info-timeline">
          <Title order={2} size="h5" id="task-info-timeline">
            {t('assignments.info.timeline')}
          </Title>
          <StageTimeline assignment={a} />
        </Stack>
        <Divider />
        <Stack gap={6} component="section" aria-labelledby="task-info-files">
          <Title order={2} size="h5" id="task-info-files">
            {t('assignments.info.files')}
          </Title>
          <FileLinks files={a.files} testId="task-info-files" />
        </Stack>
      </Stack>
    </Card>
  );
}
