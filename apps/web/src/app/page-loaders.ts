import { loadPageTexts } from '../lib/i18n';
import { loadPeerReviewStep, loadReportStep } from './performances/step-loaders';

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

/** The modules a signed-in page at `pathname` needs, in the order its screen nests them. */
const arrivals: [RegExp, () => Promise<unknown>][] = [
  // Every signed-in page: the frame and the pages' texts (the route table: routes.tsx).
  [/^\//, loadAppLayout],
  [/^\//, loadPageTexts],
  [/^\/courses\/\d+\/\w+\/?$/, loadCoursePage],
  [/^\/courses\/\d+\/\w+\/assignments\/\d+\/?$/, loadManagementPage],
  // Every course page waits for the course's gate (the course and the caller's role).
  [/^\/courses\/\d+\/\w+(\/|$)/, loadCourseGate],
  [
    /^\/courses\/\d+\/\w+\/assignments\/\d+\/performances\/(?!info)\w+/,
    () => Promise.all([loadPerformancesLayout(), loadWorkPage()]),
  ],
  // The essay and its revision are written in the editor (Quill): its chunk is on their first screen.
  [/^\/courses\/\d+\/learner\/assignments\/\d+\/performances\/(ES|RE)\/?$/, loadRichText],
  // The report's and the peer review's own screens, which the step page loads with the step.
  [/^\/courses\/\d+\/\w+\/assignments\/\d+\/performances\/CO\/?$/, loadReportStep],
  [/^\/courses\/\d+\/\w+\/assignments\/\d+\/performances\/PE(\/|$)/, loadPeerReviewStep],
];

/** How many of the arrival loaders apply to `pathname` (for the tests). */
export function arrivalLoaders(pathname: string): (() => Promise<unknown>)[] {
  return arrivals.filter(([path]) => path.test(pathname)).map(([, load]) => load);
}

/**
 * Asks at once for every module the signed-in page at `pathname` needs, all side by side, instead
 * of one nested route after another (each a round trip on a phone's link).
 */
export function loadArrival(pathname: string): void {
  for (const load of arrivalLoaders(pathname)) void load().catch(() => undefined);
}
