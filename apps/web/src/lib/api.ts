import type { AnyEndpoint, EndpointResponse, ErrorBody } from '@pw/contract';
import { ApiError } from './api-error';
import { dropEarlyAnswers, takeEarlyAnswer } from './early-answers';
import type { CallOptions, OptionsArg, ParamValue, QueryValue } from './endpoint-types';
import { i18n } from './i18n';
import { readStorage, STORAGE_KEYS } from './storage';

function readCookie(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

/** The headers of every call: JSON answers, the interface language, the token and the CSRF cookie. */
export function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': i18n.language };
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.authorization = `Token ${token}`;
  const csrf = readCookie('csrftoken');
  if (csrf) headers['x-csrftoken'] = csrf;
  return headers;
}

/**
 * Calls `/api/v1<path>` with the stored token, the interface language and the CSRF header
 * (part 1 §7), and returns the parsed JSON; throws ApiError on any failure.
 */
export async function apiFetch<T>(path: string, { method = 'GET', body, signal }: Options = {}): Promise<T> {
  const headers = baseHeaders();
  if (body !== undefined) headers['content-type'] = 'application/json';
  // What the page's first screen needs was asked for before the app's scripts ran (issue 35).
  const early = method === 'GET' && body === undefined ? takeEarlyAnswer(path, headers) : undefined;
  if (method !== 'GET') dropEarlyAnswers();
  let res: Response;
  try {
    res = await (early ??
      fetch(`/api/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0);
  }
  return readAnswer<T>(res);
}

/** The parsed JSON of an answer; throws ApiError when it is not a success. */
export async function readAnswer<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data as Partial<ErrorBody>);
  return data as T;
}

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

/**
 * Calls a JSON endpoint of the contract's table (`@pw/contract/endpoints`) through `apiFetch`:
 * the method and path from the endpoint, the params, query, body and answer typed by its schemas
 * (issue 28 item 5). Here rather than in ./endpoint-client.ts because the sign-in page needs it:
 * a module shared by the entry and the pages made the bundler split the entry (+1.6 KB gzip).
 */
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
