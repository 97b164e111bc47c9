import type { ErrorBody } from '@pw/contract';
import { ApiError } from './api-error';
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
