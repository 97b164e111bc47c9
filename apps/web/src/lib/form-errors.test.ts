import { describe, expect, it, vi } from 'vitest';

vi.mock('./i18n', () => ({ i18n: { language: 'ko' } }));
const { ApiError } = await import('./api-error');
const { applyFieldErrors, fieldErrorsOf } = await import('./form-errors');

describe('server field errors on forms', () => {
  it('takes the fields of a 400 only', () => {
    expect(fieldErrorsOf(new ApiError(400, { fields: { name: ['x'] } }))).toEqual({ name: ['x'] });
    expect(fieldErrorsOf(new ApiError(406, { fields: { name: ['x'] } }))).toBeUndefined();
    expect(fieldErrorsOf(new Error('x'))).toBeUndefined();
  });

  it('puts messages on the named fields and ignores the others', () => {
    const setError = vi.fn();
    applyFieldErrors<{ name: string; content: string }>(setError, { name: ['a', 'b'], files: ['c'] }, [
      'name',
      'content',
    ]);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('name', { message: 'a b' });
  });
});
