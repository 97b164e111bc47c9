import type { EndpointBody } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

type Ids = { courseId: number; assignmentId: number };
const params = (ids: Ids, id: number) => ({ id: ids.courseId, aid: ids.assignmentId, oid: id });

/** GET …/objections/{id}/ (the instructor ruling on it). */
export function useObjection(ids: Ids, id: number) {
  return useQuery({
    queryKey: [...assignmentKey(ids.courseId, ids.assignmentId), 'objections', id] as const,
    queryFn: ({ signal }) => callEndpoint(endpoints.getObjection, { params: params(ids, id), signal }),
  });
}

/** PATCH …/objections/{id}/ruling/: accept or reject, with the reason. */
export function useRuleObjection(ids: Ids, id: number) {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.ruleOnObjection>) =>
      callEndpoint(endpoints.ruleOnObjection, { params: params(ids, id), body }),
  });
}
