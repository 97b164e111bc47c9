import { Alert, Anchor, Center, Loader, Stack, Title } from '@mantine/core';
import type { CourseRole } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { useDeferredResult } from '../../../lib/deferred-result';
import { useReport } from '../api/report';
import { ReportView } from '../components/ReportView';

/** Who writes the comment of a report: its managers, never on their own report (the instructor's seat). */
function commenterOf(role: CourseRole, isMine: boolean): 'instructor' | 'assistant' | null {
  if (isMine || !isManagerRole(role)) return null;
  return role === 'instructor' ? 'instructor' : 'assistant';
}

/** `/assignments/{id}/reports/{reportId}`: any learner's report for the instructor and assistants. */
export function ReportPage() {
  const { t } = useTranslation();
  const { courseId, role } = useCourseContext();
  const params = useParams();
  const assignmentId = Number(params.assignmentId);
  const reportId = Number(params.reportId);
  const report = useReport(courseId, assignmentId, reportId);
  if (report.isError) return <Navigate replace to="/" />;
  if (report.isPending) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to={coursePath(courseId, role, `assignments/${assignmentId}`)} size="sm">
        ← {t('report.backToAssignment')}
      </Anchor>
      <Title order={1} size="h3">
        {t('report.title')} — {report.data.name}
      </Title>
      <ReportView
        // Another report opened from this one (a reviewer's, a reviewee's) starts afresh.
        key={reportId}
        report={report.data}
        ids={{ courseId, assignmentId }}
        commenter={commenterOf(role, report.data.is_my_report)}
        reportHref={(id) => coursePath(courseId, role, `assignments/${assignmentId}/reports/${id}`)}
      />
    </Stack>
  );
}

/** The learner's completion tab: their own report, or why there is none yet. */
export function LearnerReport({
  reportId,
  ids,
  held = false,
}: {
  reportId: number | null;
  ids: { courseId: number; assignmentId: number };
  /** Release when ready: complete, but the instructor has not released the scores yet. */
  held?: boolean;
}) {
  const { t } = useTranslation();
  const report = useDeferredResult(useReport(ids.courseId, ids.assignmentId, reportId));
  if (held) {
    return (
      <Alert color="blue" mt="md" data-testid="scores-held">
        {t('report.scoresHeld')}
      </Alert>
    );
  }
  if (reportId === null) {
    return (
      <Center mih={160} data-testid="report-not-ready">
        {t('report.notReady')}
      </Center>
    );
  }
  if (report.isError) return <Center mih={160}>{t('report.loadFailed')}</Center>;
  if (report.isPending) {
    return (
      <Center mih={160} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  return <ReportView report={report.data} ids={ids} commenter={null} />;
}
