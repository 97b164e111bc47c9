import type { Report } from '@pw/contract';
import { useTranslation } from 'react-i18next';

/** A score or average with one decimal; a dash where there is none. */
export const one = (n: number | null | undefined) => (n == null ? '–' : (Math.round(n * 10) / 10).toString());

/**
 * The report's voice: the learner's own report says "you" (report.*); anyone else's names the
 * learner (report.about.*).
 */
export function useReportVoice(r: Report): (key: string, values?: Record<string, unknown>) => string {
  const { t } = useTranslation();
  return (key, values = {}) =>
    r.is_my_report ? t(`report.${key}`, values) : t(`report.about.${key}`, { ...values, name: r.name });
}
