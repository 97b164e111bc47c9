// Which modules a signed-in page needs when people arrive on it (a link, a reload), as data: the
// entry loads them side by side (page-loaders.ts), and the build writes the files each one brings
// into index.html, so that public/early-requests.js can ask for them before the entry has even
// arrived (vite.config.ts, `arrivalPreloads`; issue 35). No imports: the build reads this file.

/** A module by its path under src/ (without extension), or the pages' texts in the page's language. */
export type ArrivalModule =
  | 'app/SignedInRoutes'
  | 'app/AppLayout'
  | 'texts'
  | 'app/course/CoursePage'
  | 'features/assignments/routes/AssignmentManagementPage'
  | 'app/CourseGate'
  | 'app/performances/PerformancesLayout'
  | 'app/performances/WorkPage'
  | 'components/RichText'
  | 'features/reports/routes/ReportPage'
  | 'features/reviewing/components/PeerReview'
  | 'features/reviewing/components/Calibration';

/** The modules of each page, in the order its screen nests them; every matching row applies. */
export const arrivalPages: readonly { path: RegExp; modules: readonly ArrivalModule[] }[] = [
  // Every signed-in page: the route table, the frame and the pages' texts. (The dashboard's own
  // module is not here: SignedInRoutes asks for it, see there.)
  { path: /^\//, modules: ['app/SignedInRoutes', 'app/AppLayout', 'texts'] },
  { path: /^\/courses\/\d+\/\w+\/?$/, modules: ['app/course/CoursePage'] },
  {
    path: /^\/courses\/\d+\/\w+\/assignments\/\d+\/?$/,
    modules: ['features/assignments/routes/AssignmentManagementPage'],
  },
  // Every course page waits for the course's gate (the course and the caller's role).
  { path: /^\/courses\/\d+\/\w+(\/|$)/, modules: ['app/CourseGate'] },
  {
    path: /^\/courses\/\d+\/\w+\/assignments\/\d+\/performances\/(?!info)\w+/,
    modules: ['app/performances/PerformancesLayout', 'app/performances/WorkPage'],
  },
  // The essay and its revision are written in the editor (Quill): its chunk is on their first screen.
  {
    path: /^\/courses\/\d+\/learner\/assignments\/\d+\/performances\/(ES|RE)\/?$/,
    modules: ['components/RichText'],
  },
  // The report's and the peer review's own screens, which the step page loads with the step.
  {
    path: /^\/courses\/\d+\/\w+\/assignments\/\d+\/performances\/CO\/?$/,
    modules: ['features/reports/routes/ReportPage'],
  },
  {
    path: /^\/courses\/\d+\/\w+\/assignments\/\d+\/performances\/PE(\/|$)/,
    // The review list waits for the calibration's gate (its examples come first when there are any).
    modules: ['features/reviewing/components/PeerReview', 'features/reviewing/components/Calibration'],
  },
];

/** The modules the page at `pathname` needs, each once, in the table's order. */
export function arrivalModules(pathname: string): ArrivalModule[] {
  const modules = arrivalPages.filter(({ path }) => path.test(pathname)).flatMap(({ modules }) => modules);
  return [...new Set(modules)];
}
