import type { AnyEndpoint, EndpointResponse, ErrorBody } from '@pw/contract';
import type { CallOptions, OptionsArg, ParamValue, QueryValue } from './endpoint-types';
import { i18n } from './i18n';
import { readStorage, STORAGE_KEYS } from './storage';

/** A failed API call: the HTTP status and the server's error body (status 0 when unreachable). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> = {},
  ) {
    super(body.detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.body.code;
  }
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal };

/** The headers of every call: JSON answers, the interface language, the token and the CSRF cookie. */
function baseHeaders(): Record<string, string> {
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
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0);
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data as Partial<ErrorBody>);
  return data as T;
}

/** True for the file-size failure: a 413 answer (part 1 §8, maximum upload 20MB). */
export function isTooLarge(error: unknown): boolean {
  return error instanceof ApiError && error.status === 413;
}

/**
 * Sends a multipart form to `/api/v1<path>` with the same headers as `apiFetch` (the browser sets
 * the multipart content type and boundary). A 413 becomes `ApiError(413)` even when the answer
 * has no JSON body, e.g. from a proxy in front of the server.
 */
export async function apiUpload<T>(
  path: string,
  { method = 'POST', formData, signal }: { method?: string; formData: FormData; signal?: AbortSignal },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, { method, headers: baseHeaders(), body: formData, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0);
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => ({}));
  if (res.status === 413)
    throw new ApiError(413, { code: 'payload_too_large', ...(data as Partial<ErrorBody>) });
  if (!res.ok) throw new ApiError(res.status, data as Partial<ErrorBody>);
  return data as T;
}

/** The file name of a download, from `Content-Disposition` (RFC 5987 `filename*` first). */
export function dispositionName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads `/api/v1<path>` as a blob with the same headers as `apiFetch` (a plain link cannot
 * carry the token), reporting the bytes received so far; throws ApiError on any failure.
 */
export async function apiDownload(
  path: string,
  {
    fallbackName,
    onProgress,
    signal,
  }: { fallbackName: string; onProgress?: (bytes: number) => void; signal?: AbortSignal },
): Promise<{ blob: Blob; name: string }> {
  const headers = baseHeaders();
  headers.accept = '*/*';
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, { headers, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0);
  }
  if (!res.ok) {
    const data: unknown = await res.json().catch(() => ({}));
    throw new ApiError(res.status, data as Partial<ErrorBody>);
  }
  const name = dispositionName(res.headers.get('content-disposition'), fallbackName);
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  if (!res.body) return { blob: await res.blob(), name };
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress?.(received);
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0);
  }
  return { blob: new Blob(chunks, { type }), name };
}

/** Hands a downloaded blob to the browser as a file. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `apiUpload` with upload progress (0..1) for large files, through XMLHttpRequest (fetch cannot
 * report upload progress). Same headers and the same errors as `apiUpload`.
 */
export function apiUploadWithProgress<T>(
  path: string,
  {
    method = 'POST',
    formData,
    onProgress,
  }: { method?: string; formData: FormData; onProgress?: (p: number) => void },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api/v1${path}`);
    for (const [name, value] of Object.entries(baseHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0));
    xhr.onload = () => {
      let data: unknown = {};
      try {
        data = JSON.parse(xhr.responseText || '{}');
      } catch {
        data = {};
      }
      if (xhr.status === 413)
        reject(new ApiError(413, { code: 'payload_too_large', ...(data as Partial<ErrorBody>) }));
      else if (xhr.status < 200 || xhr.status >= 300)
        reject(new ApiError(xhr.status, data as Partial<ErrorBody>));
      else resolve(data as T);
    };
    xhr.send(formData);
  });
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
