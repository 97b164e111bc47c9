import { loadPageTexts } from '../lib/i18n';
import { type ArrivalModule, arrivalModules } from './arrival-pages';
import { loadCalibrationStep, loadPeerReviewStep, loadReportStep } from './performances/step-loaders';

// The modules of the pages people arrive on (a link, a reload), shared by the route table
// (SignedInRoutes) and the entry, which asks for them before anything else runs (issue 35).
export const loadAppLayout = () => import('./AppLayout');
export const loadDashboardPage = () => import('./dashboard/DashboardPage');
export const loadCoursePage = () => import('./course/CoursePage');
export const loadCourseGate = () => import('./CourseGate');
export const loadManagementPage = () => import('../features/assignments/routes/AssignmentManagementPage');
export const loadPerformancesLayout = () => import('./performances/PerformancesLayout');
export const loadWorkPage = () => import('./performances/WorkPage');
const loadRichText = () => import('../components/RichText');

/**
 * Each module of arrival-pages.ts and how the app loads it; the route table's own module is asked
 * for by routes.tsx (SignedInRoutes imports this file).
 */
const loaders: Record<Exclude<ArrivalModule, 'app/SignedInRoutes'>, () => Promise<unknown>> = {
  'app/AppLayout': loadAppLayout,
  texts: loadPageTexts,
  'app/course/CoursePage': loadCoursePage,
  'features/assignments/routes/AssignmentManagementPage': loadManagementPage,
  'app/CourseGate': loadCourseGate,
  'app/performances/PerformancesLayout': loadPerformancesLayout,
  'app/performances/WorkPage': loadWorkPage,
  'components/RichText': loadRichText,
  'features/reports/routes/ReportPage': loadReportStep,
  'features/reviewing/components/PeerReview': loadPeerReviewStep,
  'features/reviewing/components/Calibration': loadCalibrationStep,
};

/** The loaders of the modules the signed-in page at `pathname` needs (arrival-pages.ts). */
export function arrivalLoaders(pathname: string): (() => Promise<unknown>)[] {
  return arrivalModules(pathname).flatMap((module) =>
    module === 'app/SignedInRoutes' ? [] : [loaders[module]],
  );
}

/**
 * Asks at once for every module the signed-in page at `pathname` needs, all side by side, instead
 * of one nested route after another (each a round trip on a phone's link).
 */
export function loadArrival(pathname: string): void {
  for (const load of arrivalLoaders(pathname)) void load().catch(() => undefined);
}
