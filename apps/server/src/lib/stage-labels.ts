import type { Language } from '@pw/contract';

/** Stage codes (part 2 §4) as the workbooks name them, in the words of the web's catalogs. */
export const STAGE_LABELS: Record<Language, Record<string, string>> = {
  ko: {
    PR: '준비',
    ES: '글쓰기',
    QU: '질문 쓰기',
    PE: '동료평가',
    AD: '조정',
    FE: '피드백 평가',
    RE: '고쳐쓰기',
    CO: '완료',
  },
  en: {
    PR: 'Preparation',
    ES: 'Essay writing',
    QU: 'Question writing',
    PE: 'Peer review',
    AD: 'Adjustment',
    FE: 'Feedback review',
    RE: 'Revision',
    CO: 'Complete',
  },
};
