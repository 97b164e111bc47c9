// The step page's own screens, loaded with their step (issue 35); the entry asks for them at once
// when a page is opened straight on such a step (page-loaders.ts).
export const loadReportStep = () => import('../../features/reports/routes/ReportPage');
export const loadPeerReviewStep = () => import('../../features/reviewing/components/PeerReview');
export const loadCalibrationStep = () => import('../../features/reviewing/components/Calibration');
