import * as endpoints from '@pw/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

export type AssignmentIds = { courseId: number; assignmentId: number };

/**
 * This assignment's finished essays, numbered and without their authors, to copy one into a
 * calibration example (issue 34, item 1). Asked for only when the instructor opens the list.
 */
export function useCalibrationEssays(ids: AssignmentIds | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...assignmentKey(ids?.courseId ?? 0, ids?.assignmentId ?? 0), 'calibration-essays'],
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getCalibrationEssays, {
        params: { id: ids?.courseId ?? 0, aid: ids?.assignmentId ?? 0 },
        signal,
      }),
    enabled: enabled && ids !== undefined,
  });
}
