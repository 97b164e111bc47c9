import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json';
import ko from '../../../locales/ko/common.json';
import { describeFillIn } from './fill-in-text';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en }, ko: { translation: ko } },
    interpolation: { escapeValue: false },
  });
});

describe('describeFillIn', () => {
  it('says the shortfall once, the unopened reviews as part of it', () => {
    const t = i18n.getFixedT('en');
    expect(describeFillIn(t, { name: 'Kim', completed: 1, coming: 0, stale: 2, missing: 2 }, 3)).toBe(
      'Kim: 1 of 3 reviews done, 2 not opened — 2 short unless someone steps in',
    );
  });

  it('names reviews under way and leaves out parts with nothing in them', () => {
    const t = i18n.getFixedT('en');
    expect(describeFillIn(t, { name: 'Lee', completed: 1, coming: 1, stale: 0, missing: 1 }, 3)).toBe(
      'Lee: 1 of 3 reviews done, 1 under way — 1 short unless someone steps in',
    );
  });

  it('reads in Korean with the name first', () => {
    const t = i18n.getFixedT('ko');
    expect(describeFillIn(t, { name: '김하은', completed: 0, coming: 1, stale: 1, missing: 2 }, 3)).toBe(
      '김하은: 평가 3개 중 0개 완료, 1개 진행 중, 1개 열어 보지 않음 — 이대로면 2개 부족',
    );
  });
});
