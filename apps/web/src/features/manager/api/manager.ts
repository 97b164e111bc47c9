import type { AnyEndpoint, EndpointBody, EndpointQuery } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { downloadEndpoint } from '../../../lib/endpoint-client';

const key = (...parts: unknown[]) => ['manager', ...parts] as const;

type PagedEndpoint =
  | typeof endpoints.listUsers
  | typeof endpoints.listCoursePages
  | typeof endpoints.listManagerAssignments
  | typeof endpoints.listSupports;

/** A paged list of the manager area; the previous page stays on screen while the next loads. */
function usePage<E extends PagedEndpoint>(endpoint: E, query: EndpointQuery<E>) {
  return useQuery({
    queryKey: key(endpoint.path, query),
    queryFn: ({ signal }) =>
      // Each of the four is a GET with a query and no path parameters.
      callEndpoint(endpoint as AnyEndpoint as typeof endpoints.listUsers, {
        query: query as EndpointQuery<typeof endpoints.listUsers>,
        signal,
      }) as unknown as Promise<Awaited<ReturnType<typeof callEndpoint<E>>>>,
    placeholderData: keepPreviousData,
  });
}

export const useUsers = (query: EndpointQuery<typeof endpoints.listUsers>) =>
  usePage(endpoints.listUsers, { page_size: 10, ...query });
export const useCourses = (query: EndpointQuery<typeof endpoints.listCoursePages>) =>
  usePage(endpoints.listCoursePages, { page_size: 10, ...query });
export const useAssignments = (query: EndpointQuery<typeof endpoints.listManagerAssignments>) =>
  usePage(endpoints.listManagerAssignments, { page_size: 10, ...query });
export const useSupports = (query: EndpointQuery<typeof endpoints.listSupports>) =>
  usePage(endpoints.listSupports, { page_size: 10, ...query });

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
