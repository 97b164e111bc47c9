import type { AnyEndpoint, EndpointResponse } from '@pw/contract';
import { endpointUrl } from './api';
import { apiDownload, apiUpload, apiUploadWithProgress } from './api-transfer';
import type { ParamsOption, ParamValue, QueryOption, QueryValue } from './endpoint-types';

// The non-JSON calls of the contract's endpoint table (issue 28 item 5): multipart forms and file
// downloads. JSON calls are `callEndpoint` (./api.ts).

/** Sends a multipart endpoint's form through `apiUpload` (its fields are the schemas' `form`). */
export function uploadEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  options: ParamsOption<E> & { formData: FormData; signal?: AbortSignal },
): Promise<EndpointResponse<E>> {
  const { params, formData, signal } = options as {
    params?: Record<string, ParamValue>;
    formData: FormData;
    signal?: AbortSignal;
  };
  return apiUpload<EndpointResponse<E>>(endpointUrl(endpoint, params), {
    method: endpoint.method,
    formData,
    signal,
  });
}

/**
 * `uploadEndpoint` with upload progress (0..1) for large files, through `apiUploadWithProgress`
 * (XMLHttpRequest, so no abort signal).
 */
export function uploadEndpointWithProgress<E extends AnyEndpoint>(
  endpoint: E,
  options: ParamsOption<E> & { formData: FormData; onProgress?: (p: number) => void },
): Promise<EndpointResponse<E>> {
  const { params, formData, onProgress } = options as {
    params?: Record<string, ParamValue>;
    formData: FormData;
    onProgress?: (p: number) => void;
  };
  return apiUploadWithProgress<EndpointResponse<E>>(endpointUrl(endpoint, params), {
    method: endpoint.method,
    formData,
    onProgress,
  });
}

/** Downloads a file endpoint (a GET that answers a file) through `apiDownload`. */
export function downloadEndpoint<E extends AnyEndpoint & { readonly method: 'GET' }>(
  endpoint: E,
  options: ParamsOption<E> &
    QueryOption<E> & { fallbackName: string; onProgress?: (bytes: number) => void; signal?: AbortSignal },
) {
  const { params, query, ...rest } = options as {
    params?: Record<string, ParamValue>;
    query?: Record<string, QueryValue>;
    fallbackName: string;
    onProgress?: (bytes: number) => void;
    signal?: AbortSignal;
  };
  return apiDownload(endpointUrl(endpoint, params, query), rest);
}
