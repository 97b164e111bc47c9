import * as endpoints from '@pw/contract/endpoints';
import { downloadEndpoint } from '../../../lib/endpoint-client';

/** GET …/stages-of-learners/: the workbook with one sheet per stage (.xlsx). */
export function downloadStagesOfLearners(
  courseId: number,
  assignmentId: number,
  onProgress?: (bytes: number) => void,
) {
  return downloadEndpoint(endpoints.exportStagesOfLearners, {
    params: { id: courseId, aid: assignmentId },
    fallbackName: `assignment-${assignmentId}.xlsx`,
    onProgress,
  });
}
