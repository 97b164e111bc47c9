import type { Objection } from '@pw/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

type Ids = { courseId: number; assignmentId: number };
const path = (ids: Ids, id: number) =>
  `/courses/${ids.courseId}/assignments/${ids.assignmentId}/objections/${id}/`;

/** GET …/objections/{id}/ (the instructor ruling on it). */
export function useObjection(ids: Ids, id: number) {
  return useQuery({
    queryKey: [...assignmentKey(ids.courseId, ids.assignmentId), 'objections', id] as const,
    queryFn: ({ signal }) => apiFetch<Objection>(path(ids, id), { signal }),
  });
}

/** PATCH …/objections/{id}/ruling/: accept or reject, with the reason. */
export function useRuleObjection(ids: Ids, id: number) {
  return useMutation({
    mutationFn: (body: { accepted: boolean; reason: string }) =>
      apiFetch<unknown>(`${path(ids, id)}ruling/`, { method: 'PATCH', body }),
  });
}
