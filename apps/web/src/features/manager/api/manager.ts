import type {
  ManagerAssignment,
  ManagerAssignmentRow,
  ManagerCourse,
  ManagerCourseDetail,
  ManagerUser,
  ManagerUserRow,
  Paginated,
  SupportInquiry,
} from '@pw/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { apiDownload } from '../../../lib/api-transfer';

type Query = Record<string, string | number | undefined>;
const qs = (query: Query) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
};
const key = (...parts: unknown[]) => ['manager', ...parts] as const;

/** A paged list of the manager area; the previous page stays on screen while the next loads. */
function usePage<T>(path: string, query: Query) {
  return useQuery({
    queryKey: key(path, query),
    queryFn: ({ signal }) => apiFetch<Paginated<T>>(`${path}${qs(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useUsers = (query: Query) =>
  usePage<ManagerUserRow>('/users/pages/', { page_size: 10, ...query });
export const useCourses = (query: Query) =>
  usePage<ManagerCourse>('/courses/pages/', { page_size: 10, ...query });
export const useAssignments = (query: Query) =>
  usePage<ManagerAssignmentRow>('/assignments/pages/', { page_size: 10, ...query });
export const useSupports = (query: Query) =>
  usePage<SupportInquiry>('/supports/', { page_size: 10, ...query });

export function useUser(id: number) {
  return useQuery({
    queryKey: key('user', id),
    queryFn: ({ signal }) => apiFetch<ManagerUser>(`/users/${id}/`, { signal }),
  });
}
export function useCourse(id: number) {
  return useQuery({
    queryKey: key('course', id),
    queryFn: ({ signal }) => apiFetch<ManagerCourseDetail>(`/manager/courses/${id}/`, { signal }),
  });
}
export function useAssignment(id: number) {
  return useQuery({
    queryKey: key('assignment', id),
    queryFn: ({ signal }) => apiFetch<ManagerAssignment>(`/manager/assignments/${id}/`, { signal }),
  });
}

/** POST /users/ (staff). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<{ id: number }>('/users/', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key('/users/pages/') }),
  });
}

/** PATCH /users/{id}/ (staff): role, expiry, group, or `{is_active: false}`. */
export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<ManagerUser>(`/users/${id}/`, { method: 'PATCH', body }),
    onSuccess: (user) => {
      queryClient.setQueryData(key('user', id), user);
      void queryClient.invalidateQueries({ queryKey: key('/users/pages/') });
    },
  });
}

/** One of the list exports (users, courses, assignments) with the same filters as the screen. */
export function downloadList(
  kind: 'users' | 'courses' | 'assignments',
  query: Query,
  onProgress?: (bytes: number) => void,
) {
  return apiDownload(`/${kind}/export/${qs(query)}`, { fallbackName: `${kind}.xlsx`, onProgress });
}
