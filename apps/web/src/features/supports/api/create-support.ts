import type { SupportCreateInput } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

/** POST /supports/. */
export function useCreateSupport() {
  return useMutation({
    mutationFn: (body: SupportCreateInput) => callEndpoint(endpoints.createSupport, { body }),
  });
}
