import { describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/api-error', async () => {
  class ApiError extends Error {
    constructor(
      readonly status: number,
      readonly body: { detail?: string; code?: string } = {},
    ) {
      super(body.detail);
    }
    get code() {
      return this.body.code;
    }
  }
  return { ApiError };
});

const { ApiError } = await import('../../lib/api-error');
const { enrollErrorMessage } = await import('./enroll-errors');
const t = (key: string) => key;

describe('enrolment errors (part 1 §8)', () => {
  it('map each status to its message', () => {
    expect(enrollErrorMessage(new ApiError(403, { code: 'course_withdrawn' }), t)).toBe('enroll.withdrawn');
    expect(enrollErrorMessage(new ApiError(404, { code: 'course_not_found' }), t)).toBe('enroll.notFound');
    expect(enrollErrorMessage(new ApiError(406, { code: 'already_enrolled' }), t)).toBe('enroll.already');
    expect(
      enrollErrorMessage(new ApiError(429, { code: 'too_many_code_attempts', detail: '15분 후에' }), t),
    ).toBe('15분 후에');
    expect(enrollErrorMessage(new ApiError(400, { code: 'validation_failed' }), t)).toBe(
      'common.wrongRequest',
    );
    expect(enrollErrorMessage(new Error('offline'), t)).toBe('common.wrongRequest');
  });

  it("show the server's words when the course takes no new registrations", () => {
    const closed = new ApiError(403, { code: 'course_closed', detail: '새 수강 신청을 받지 않습니다.' });
    expect(enrollErrorMessage(closed, t)).toBe('새 수강 신청을 받지 않습니다.');
  });
});
