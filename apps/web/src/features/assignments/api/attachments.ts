import * as endpoints from '@pw/contract/endpoints';
import { downloadEndpoint } from '../../../lib/endpoint-client';

/** GET …/attachments/: every file of the assignment and its learners' work as one zip. */
export function downloadAttachments(
  courseId: number,
  assignmentId: number,
  onProgress?: (bytes: number) => void,
) {
  return downloadEndpoint(endpoints.exportAttachments, {
    params: { id: courseId, aid: assignmentId },
    fallbackName: `assignment-${assignmentId}.zip`,
    onProgress,
  });
}
