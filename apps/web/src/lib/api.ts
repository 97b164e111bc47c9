import type { ErrorBody } from '@pw/contract';
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
