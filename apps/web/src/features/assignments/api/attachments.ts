import { apiDownload } from '../../../lib/api-transfer';

/** GET …/attachments/: every file of the assignment and its learners' work as one zip. */
export function downloadAttachments(
  courseId: number,
  assignmentId: number,
  onProgress?: (bytes: number) => void,
) {
  return apiDownload(`/courses/${courseId}/assignments/${assignmentId}/attachments/`, {
    fallbackName: `assignment-${assignmentId}.zip`,
    onProgress,
  });
}
