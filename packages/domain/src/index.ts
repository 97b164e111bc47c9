// Pure business rules: no I/O. Each area re-exports its public functions here.

// The stage machine lives once, in the contract (the web needs it too); re-exported here.
export * from '@pw/contract/stages';
export * from './anchors/anchors';

export * from './calibration/calibration';
export * from './extensions/learner-deadline';
export * from './matching/create-matching';
export * from './matching/heal';
export * from './matching/random';
export type * from './matching/types';
export * from './matching/update-matching';
export * from './matching/validate-matching';
export * from './notifications/reminders';
export * from './notifications/work-in-step';
export * from './reliability/disagreement';
export * from './reliability/krippendorff';
export * from './review-coach/review-coach';
export * from './revision-trace/revision-trace';
export * from './scoring/adjustment-preview';
export * from './scoring/course-results';
export * from './scoring/given-reviews';
export * from './scoring/score-assignment';
export type * from './scoring/types';
export * from './scoring/validate-input';
