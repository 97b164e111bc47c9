// The essay's length, one copy for the browser's counter and the server's check (part 2 §5). No
// zod here: the essay editor reads these before any schema is needed (issue 35).

export type LimitType = 'L' | 'W';

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/**
 * The essay length as the learner sees it, one copy for the browser's counter and the server's
 * check: `L` counts letters (user-perceived characters, so an emoji or a Hangul syllable is one;
 * spaces count, line breaks do not), `W` counts words split on whitespace.
 */
export function countLength(text: string, limitType: LimitType): number {
  if (limitType === 'W') return text.split(/\s+/u).filter(Boolean).length;
  const letters = text.replace(/[\r\n]/g, '');
  if (!segmenter) return [...letters].length;
  let n = 0;
  for (const _ of segmenter.segment(letters)) n++;
  return n;
}

/** True when an essay of `text` is over the stage's limit (a limit of 0 means none). */
export function isOverLimit(text: string, limitType: LimitType, maxLength: number | null | undefined) {
  if (maxLength == null || maxLength <= 0) return false;
  // Letters and words are never more than UTF-16 units: a text that short needs no counting
  // (counting graphemes costs about half a millisecond per thousand letters).
  if (text.length <= maxLength) return false;
  return countLength(text, limitType) > maxLength;
}
