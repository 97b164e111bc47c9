import type { EndpointBody, EndpointQuery } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { downloadEndpoint } from '../../../lib/endpoint-client';

const key = (...parts: unknown[]) => ['manager', ...parts] as const;

/** A paged list of the manager area; the previous page stays on screen while the next loads. */
function usePage<T>(path: string, query: object, fetchPage: (signal: AbortSignal) => Promise<T>) {
  return useQuery({
    queryKey: key(path, query),
    queryFn: ({ signal }) => fetchPage(signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: EndpointQuery<typeof endpoints.listUsers>) {
  const q = { page_size: 10, ...query };
  return usePage(endpoints.listUsers.path, q, (signal) =>
    callEndpoint(endpoints.listUsers, { query: q, signal }),
  );
}
export function useCourses(query: EndpointQuery<typeof endpoints.listCoursePages>) {
  const q = { page_size: 10, ...query };
  return usePage(endpoints.listCoursePages.path, q, (signal) =>
    callEndpoint(endpoints.listCoursePages, { query: q, signal }),
  );
}
export function useAssignments(query: EndpointQuery<typeof endpoints.listManagerAssignments>) {
  const q = { page_size: 10, ...query };
  return usePage(endpoints.listManagerAssignments.path, q, (signal) =>
    callEndpoint(endpoints.listManagerAssignments, { query: q, signal }),
  );
}
export function useSupports(query: EndpointQuery<typeof endpoints.listSupports>) {
  const q = { page_size: 10, ...query };
  return usePage(endpoints.listSupports.path, q, (signal) =>
    callEndpoint(endpoints.listSupports, { query: q, signal }),
  );
}

export function useUser(id: number) {
  return useQuery({
    queryKey: key('user', id),
    queryFn: ({ signal }) => callEndpoint(endpoints.getUser, { params: { userId: id }, signal }),
  });
}
export function useCourse(id: number) {
  return useQuery({
    queryKey: key('course', id),
    queryFn: ({ signal }) => callEndpoint(endpoints.getManagerCourse, { params: { id }, signal }),
  });
}
export function useAssignment(id: number) {
  return useQuery({
    queryKey: key('assignment', id),
    queryFn: ({ signal }) => callEndpoint(endpoints.getManagerAssignment, { params: { id }, signal }),
  });
}

/** POST /users/ (staff). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.createUser>) =>
      callEndpoint(endpoints.createUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(endpoints.listUsers.path) }),
  });
}

/** PATCH /users/{id}/ (staff): role, expiry, group, or `{is_active: false}`. */
export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.updateUser>) =>
      callEndpoint(endpoints.updateUser, { params: { userId: id }, body }),
    onSuccess: (user) => {
      queryClient.setQueryData(key('user', id), user);
      void queryClient.invalidateQueries({ queryKey: key(endpoints.listUsers.path) });
    },
  });
}

const EXPORTS = {
  users: endpoints.exportUsers,
  courses: endpoints.exportCourses,
  assignments: endpoints.exportAssignments,
} as const;

/** One of the list exports (users, courses, assignments) with the same filters as the screen. */
export function downloadList<K extends keyof typeof EXPORTS>(
  kind: K,
  query: EndpointQuery<(typeof EXPORTS)[K]>,
  onProgress?: (bytes: number) => void,
) {
  return downloadEndpoint(EXPORTS[kind] as typeof endpoints.exportUsers, {
    query: query as EndpointQuery<typeof endpoints.exportUsers>,
    fallbackName: `${kind}.xlsx`,
    onProgress,
  });
}

/** GET /manager/lti-platforms/ (staff): the LMS registrations and the tool's URLs. */
export function useLtiPlatforms() {
  return useQuery({
    queryKey: key(endpoints.listLtiPlatforms.path),
    queryFn: ({ signal }) => callEndpoint(endpoints.listLtiPlatforms, { signal }),
  });
}

/** POST /manager/lti-platforms/ (staff): adds a registration, or replaces the same issuer and client id. */
export function useSaveLtiPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.saveLtiPlatform>) =>
      callEndpoint(endpoints.saveLtiPlatform, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(endpoints.listLtiPlatforms.path) }),
  });
}

/** DELETE /manager/lti-platforms/{id}/ (staff). */
export function useRemoveLtiPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(endpoints.removeLtiPlatform, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(endpoints.listLtiPlatforms.path) }),
  });
}
