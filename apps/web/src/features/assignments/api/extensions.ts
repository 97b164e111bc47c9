import type { ExtensionChange, ExtensionGrant } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

/** GET …/extensions/: the assignment's per-learner extensions (instructor and assistants). */
export function extensionsQuery(courseId: number, assignmentId: number) {
  return queryOptions({
    queryKey: [...assignmentKey(courseId, assignmentId), 'extensions'] as const,
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.listExtensions, { params: { id: courseId, aid: assignmentId }, signal }),
  });
}

/** POST …/extensions/: a later end of a stage for one or several learners. */
export function useGrantExtensions(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExtensionGrant) =>
      callEndpoint(endpoints.grantExtensions, { params: { id: courseId, aid: assignmentId }, body }),
    onSuccess: (list) => queryClient.setQueryData(extensionsQuery(courseId, assignmentId).queryKey, list),
  });
}

/** PATCH …/extensions/{extensionId}/: a new end and/or reason of one extension. */
export function useChangeExtension(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ extensionId, body }: { extensionId: number; body: ExtensionChange }) =>
      callEndpoint(endpoints.changeExtension, {
        params: { id: courseId, aid: assignmentId, extensionId },
        body,
      }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: extensionsQuery(courseId, assignmentId).queryKey }),
  });
}

/** DELETE …/extensions/{extensionId}/: the learner's end is the stage's again. */
export function useWithdrawExtension(courseId: number, assignmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extensionId: number) =>
      callEndpoint(endpoints.withdrawExtension, { params: { id: courseId, aid: assignmentId, extensionId } }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: extensionsQuery(courseId, assignmentId).queryKey }),
  });
}
