import type { ErrorBody } from '@pw/contract';

// The error every server call throws (`lib/api.ts`), apart from the calls themselves so that
// screens can tell failures apart without importing the client: only features' `api/` folders
// and `lib/` call the server.

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

/** True for the file-size failure: a 413 answer (part 1 §8, maximum upload 20MB). */
export function isTooLarge(error: unknown): boolean {
  return error instanceof ApiError && error.status === 413;
}
