import type {
  AnyEndpoint,
  EndpointBody,
  EndpointForm,
  EndpointQuery,
  EndpointResponse,
  PathParamNames,
} from '@pw/contract';
import { apiDownload, apiFetch, apiUpload } from './api';

// Calls typed by the contract's endpoint table (issue 28 item 5): the method and the path come
// from the endpoint (`@pw/contract/endpoints`, no zod), the body, query and answer types from its
// schemas (type imports only, so a page's bundle carries no schema it does not use).

type ParamValue = string | number;
type ParamsOption<E extends AnyEndpoint> = [PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<E['path']>, ParamValue> };
type QueryOption<E extends AnyEndpoint> =
  EndpointQuery<E> extends undefined ? { query?: undefined } : { query?: EndpointQuery<E> };
type BodyOption<E extends AnyEndpoint> =
  EndpointBody<E> extends undefined ? { body?: undefined } : { body: EndpointBody<E> };
/** A multipart endpoint goes through `uploadEndpoint`: `callEndpoint` refuses it. */
type NotMultipart<E extends AnyEndpoint> = EndpointForm<E> extends undefined ? unknown : { multipart: never };

export type CallOptions<E extends AnyEndpoint> = ParamsOption<E> &
  QueryOption<E> &
  BodyOption<E> &
  NotMultipart<E> & { signal?: AbortSignal };
/** The options argument, optional when nothing in it is required. */
type OptionsArg<O> = object extends O ? [options?: O] : [options: O];

/** A query-string value: missing, empty and null values are left out; arrays repeat the key. */
type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/**
 * The endpoint's path with its `:params` filled in (URI-encoded) and the query appended: what
 * `apiFetch` takes (the `/api/v1` prefix aside). Throws when a path parameter is missing.
 */
export function endpointUrl(
  endpoint: { readonly path: string; readonly name?: string },
  params: Record<string, ParamValue> = {},
  query: Record<string, QueryValue> | undefined = undefined,
): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new Error(`${endpoint.name ?? endpoint.path}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls a JSON endpoint of the table through `apiFetch` (same headers and `ApiError`s). */
export function callEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  ...[options]: OptionsArg<CallOptions<E>>
): Promise<EndpointResponse<E>> {
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, ParamValue>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  return apiFetch<EndpointResponse<E>>(endpointUrl(endpoint, params, query), {
    method: endpoint.method,
    body,
    signal,
  });
}

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
