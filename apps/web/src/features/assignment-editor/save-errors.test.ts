import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/i18n', () => ({ i18n: { language: 'ko' } }));
const { ApiError } = await import('../../lib/api-error');
const { saveErrorMessage } = await import('./save-errors');

const t = ((key: string) => key) as unknown as TFunction;

describe('assignment save errors (part 2 §8)', () => {
  it('406 is the duplicate name', () => {
    expect(saveErrorMessage(new ApiError(406, { code: 'duplicate_assignment' }), t)).toBe(
      'assignments.form.duplicate',
    );
  });

  it('other failures join the field messages with newlines, or say wrong request', () => {
    const fields = {
      scores: ['합계가 100이어야 합니다.'],
      'schedule.1': ['지난 일시로 설정할 수 없습니다.'],
    };
    expect(saveErrorMessage(new ApiError(400, { fields }), t)).toBe(
      '합계가 100이어야 합니다.\n지난 일시로 설정할 수 없습니다.',
    );
    expect(saveErrorMessage(new ApiError(500), t)).toBe('common.wrongRequest');
    expect(saveErrorMessage(new ApiError(413), t)).toBe('errors.payload_too_large');
  });
});
