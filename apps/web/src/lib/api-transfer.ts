import type { ErrorBody } from '@pw/contract';
import { baseHeaders } from './api';
import { ApiError } from './api-error';

// Uploads and downloads (multipart forms, upload progress, blobs), apart from `api.ts` so that the
// sign-in page, which only sends JSON, does not carry them. Called from features' `api/` folders.

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
