import type { SupportCreateInput } from '@pw/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** POST /supports/. */
export function useCreateSupport() {
  return useMutation({
    mutationFn: (body: SupportCreateInput) =>
      apiFetch<{ id: number }>('/supports/', { method: 'POST', body }),
  });
}
