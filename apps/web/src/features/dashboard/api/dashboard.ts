import type { DashboardCourse } from '@pw/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** GET /users/dashboard/: the course boxes (assignments arrive with a later issue). */
export function fetchDashboard(signal?: AbortSignal) {
  return apiFetch<DashboardCourse[]>('/users/dashboard/', { signal });
}

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => fetchDashboard(signal),
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
