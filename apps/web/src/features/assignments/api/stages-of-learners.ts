import { apiDownload } from '../../../lib/api-transfer';

/** GET …/stages-of-learners/: the workbook with one sheet per stage (.xlsx). */
export function downloadStagesOfLearners(
  courseId: number,
  assignmentId: number,
  onProgress?: (bytes: number) => void,
) {
  return apiDownload(`/courses/${courseId}/assignments/${assignmentId}/stages-of-learners/`, {
    fallbackName: `assignment-${assignmentId}.xlsx`,
    onProgress,
  });
}
