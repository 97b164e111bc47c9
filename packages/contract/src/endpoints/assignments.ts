// The assignments module's endpoints (schemas in ./schemas.ts under the same names).

const assignment = '/courses/:id/assignments/:aid';

export const listAssignments = {
  name: 'listAssignments',
  method: 'GET',
  path: '/courses/:id/assignments/',
} as const;
/** Multipart: the fields are the schemas' `form` (`progresses` as JSON text), plus `files`. */
export const createAssignment = {
  name: 'createAssignment',
  method: 'POST',
  path: '/courses/:id/assignments/',
  status: 201,
} as const;
export const getAssignment = { name: 'getAssignment', method: 'GET', path: `${assignment}/` } as const;
/** Multipart: the schemas' `form` as for a creation, plus `files` and `delete_files` (attachment ids). */
export const updateAssignment = {
  name: 'updateAssignment',
  method: 'PATCH',
  path: `${assignment}/`,
} as const;
export const deleteAssignment = {
  name: 'deleteAssignment',
  method: 'DELETE',
  path: `${assignment}/`,
  status: 204,
} as const;
export const moveToNextStage = {
  name: 'moveToNextStage',
  method: 'PATCH',
  path: `${assignment}/move-to-next-stage/`,
} as const;
/** Release when ready: releases a held assignment's scores to its learners (idempotent). */
export const releaseScores = {
  name: 'releaseScores',
  method: 'POST',
  path: `${assignment}/release-scores/`,
} as const;
export const requestLateParticipation = {
  name: 'requestLateParticipation',
  method: 'POST',
  path: `${assignment}/late-participation/`,
} as const;
export const approveParticipation = {
  name: 'approveParticipation',
  method: 'PATCH',
  path: `${assignment}/participations/:enrollId/approve/`,
} as const;
export const recordAttendance = {
  name: 'recordAttendance',
  method: 'PATCH',
  path: `${assignment}/attendance/`,
} as const;
export const getManagement = {
  name: 'getManagement',
  method: 'GET',
  path: `${assignment}/management/`,
} as const;
/** The answer is a workbook (.xlsx), one sheet per stage. */
export const exportStagesOfLearners = {
  name: 'exportStagesOfLearners',
  method: 'GET',
  path: `${assignment}/stages-of-learners/`,
} as const;
/** The answer is a zip of the assignment's and its learners' files. */
export const exportAttachments = {
  name: 'exportAttachments',
  method: 'GET',
  path: `${assignment}/attachments/`,
} as const;

/** Per-learner extensions (issue 33, item 1): the instructor's and assistants'. */
export const listExtensions = {
  name: 'listExtensions',
  method: 'GET',
  path: `${assignment}/extensions/`,
} as const;
export const grantExtensions = {
  name: 'grantExtensions',
  method: 'POST',
  path: `${assignment}/extensions/`,
  status: 201,
} as const;
export const changeExtension = {
  name: 'changeExtension',
  method: 'PATCH',
  path: `${assignment}/extensions/:extensionId/`,
} as const;
export const withdrawExtension = {
  name: 'withdrawExtension',
  method: 'DELETE',
  path: `${assignment}/extensions/:extensionId/`,
  status: 204,
} as const;
/** The learner's calibration (issue 34, item 1): their examples; the staff: everyone's closeness. */
export const getCalibration = {
  name: 'getCalibration',
  method: 'GET',
  path: `${assignment}/calibration/`,
} as const;
/** This assignment's finished essays, without their authors, to copy into an example (the managers). */
export const getCalibrationEssays = {
  name: 'getCalibrationEssays',
  method: 'GET',
  path: `${assignment}/calibration/essays/`,
} as const;
/** The learner saves (or submits) their points for one example while the peer review is open. */
export const saveCalibration = {
  name: 'saveCalibration',
  method: 'PATCH',
  path: `${assignment}/calibration/`,
} as const;
