import { NOTIFICATION_KINDS } from '@pw/contract';
import { describe, expect, it } from 'vitest';
import { formatDeadline, notificationText } from './notification-text';

describe('notification texts', () => {
  it('a deadline reads in the product time zone, named, in either language', () => {
    // 14:59 UTC is 23:59 in Seoul.
    expect(formatDeadline('2026-12-01T14:59:00.000Z', 'en')).toMatch(/1 Dec 2026.*23:59.*GMT\+9/);
    expect(formatDeadline('2026-12-01T14:59:00.000Z', 'ko')).toMatch(/2026년 12월 1일.*23:59.*GMT\+9/);
  });

  it('a stage opening names the stage in the reader language, with its deadline or none', () => {
    const params = {
      course: '글쓰기',
      assignment: '에세이 1',
      stage: 'PE',
      deadline: '2026-12-01T14:59:00.000Z',
    };
    const en = notificationText('stage_open', params, 'en');
    expect(en.title).toBe('에세이 1: Peer review has started');
    expect(en.body).toMatch(/^글쓰기 · due .*23:59/);
    const ko = notificationText('stage_open', { ...params, deadline: null }, 'ko');
    expect(ko.title).toMatch(/^에세이 1: .+ 단계가 시작되었습니다$/);
    expect(ko.body).toBe('글쓰기 · 마감일 없음');
  });

  it('fewer peer reviews than asked says how many and which rule scores the essay', () => {
    const params = { course: '글쓰기', assignment: '에세이 1', received: 1, asked: 3 };
    const en = notificationText('reviews_short', params, 'en');
    expect(en.title).toBe('에세이 1: you received 1 of 3 peer reviews');
    expect(en.body).toMatch(/consensus of the 1 reviews/);
    const none = notificationText('reviews_short', { ...params, received: 0 }, 'ko');
    expect(none.title).toBe('에세이 1: 동료 평가를 3개 중 0개 받았습니다');
    expect(none.body).toMatch(/반 평균/);
  });

  it('the daily digest names only what is left: who never opened it, the peer reviews unwritten', () => {
    const base = { course: '글쓰기', assignment: '에세이 1', done: 3, total: 30 };
    const all = { ...base, stage: 'PE', notStarted: 2, names: '김하은, 임민준', openReviews: 12 };
    expect(notificationText('digest', all, 'en').body).toBe(
      '글쓰기 · Peer review: 3 of 30 done · not opened the assignment yet (2): 김하은, 임민준 · peer reviews not yet written: 12',
    );
    // Everyone opened it, and in a stage without peer review there are no reviews to count.
    const fe = notificationText(
      'digest',
      { ...base, stage: 'FE', notStarted: 0, names: '-', openReviews: 0 },
      'ko',
    );
    expect(fe.body).toMatch(/^글쓰기 · .+: 30명 중 3명 완료$/);
    const pe = notificationText('digest', { ...all, notStarted: 0, names: '-' }, 'ko');
    expect(pe.body).toMatch(/30명 중 3명 완료 · 아직 쓰지 않은 동료평가: 12건$/);
  });

  it('every kind has a title and a body in both languages', () => {
    for (const kind of NOTIFICATION_KINDS)
      for (const lang of ['ko', 'en'] as const) {
        const text = notificationText(
          kind,
          { course: 'C', assignment: 'A', stage: 'ES', deadline: null, name: 'N', summary: 'S' },
          lang,
        );
        expect(text.title, `${kind} ${lang}`).not.toMatch(/^notifications\./);
        expect(text.body, `${kind} ${lang}`).not.toMatch(/^notifications\./);
      }
  });
});
