import type { CalibrationUpdate } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

type Ids = { courseId: number; assignmentId: number };
const path = (ids: Ids) => ({ id: ids.courseId, aid: ids.assignmentId });

export const calibrationKey = (ids: Ids) =>
  [...assignmentKey(ids.courseId, ids.assignmentId), 'calibration'] as const;

/** The learner's calibration (issue 34, item 1); the staff: every learner's closeness. */
export function useCalibration(ids: Ids, enabled = true) {
  return useQuery({
    queryKey: calibrationKey(ids),
    queryFn: ({ signal }) => callEndpoint(endpoints.getCalibration, { params: path(ids), signal }),
    enabled,
  });
}

export const saveCalibration = (ids: Ids, body: CalibrationUpdate) =>
  callEndpoint(endpoints.saveCalibration, { params: path(ids), body });
