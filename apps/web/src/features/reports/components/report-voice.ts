import type { Report } from '@pw/contract';
import { useTranslation } from 'react-i18next';

/** What ReportView and its parts (ReportDetails) are given. */
export interface ReportProps {
  report: Report;
  ids: { courseId: number; assignmentId: number };
  /** Who writes the instructor's comment here (null: nobody, the comment is only read). */
  commenter: 'instructor' | 'assistant' | null;
  /** Where another report of the assignment opens (the instructor's and assistants' page). */
  reportHref?: ((reportId: number) => string) | undefined;
}

/**
 * The report's voice: the learner's own report says "you" (report.*); anyone else's names the
 * learner (report.about.*).
 */
export function useReportVoice(r: Report): (key: string, values?: Record<string, unknown>) => string {
  const { t } = useTranslation();
  return (key, values = {}) =>
    r.is_my_report ? t(`report.${key}`, values) : t(`report.about.${key}`, { ...values, name: r.name });
}
