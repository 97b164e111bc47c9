import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

/** GET /users/dashboard/: the course boxes (assignments arrive with a later issue). */
export function fetchDashboard(signal?: AbortSignal) {
  return callEndpoint(endpoints.getDashboard, { signal });
}

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => fetchDashboard(signal),
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
