import * as endpoints from '@pw/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

/** Every learner's calibration closeness (issue 34, item 1), as the assignment's managers read it. */
export function useCalibrationCloseness(courseId: number, assignmentId: number) {
  return useQuery({
    queryKey: [...assignmentKey(courseId, assignmentId), 'calibration'] as const,
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getCalibration, { params: { id: courseId, aid: assignmentId }, signal }),
  });
}
