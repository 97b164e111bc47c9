// The essay's length, one copy for the browser's counter and the server's check (part 2 §5). No
// zod here: the essay editor reads these before any schema is needed (issue 35).

export type LimitType = 'L' | 'W';

/**
 * Characters that are always a user-perceived character of their own: printable ASCII and tab,
 * Latin-1, Hangul syllables and compatibility letters, CJK ideographs, the CJK punctuation before
 * its combining tone marks, and fullwidth ASCII. A text of only these has as many letters as code
 * units, so it needs no segmenter.
 */
const SIMPLE_LETTERS =
  /^[\t\x20-\x7e\xa0-\xff\uac00-\ud7a3\u3131-\u318e\u4e00-\u9fff\u3000-\u3029\uff01-\uff5e]*$/;

// Made on first need: building a grapheme segmenter loads the engine's break data (about 25 ms in
// Chromium, a long task on a phone's first visit: issue 35), and most essays never need it.
let segmenter: Intl.Segmenter | null | undefined;
function graphemes(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter =
      typeof Intl !== 'undefined' && 'Segmenter' in Intl
        ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
        : null;
  }
  return segmenter;
}

/**
 * The essay length as the learner sees it, one copy for the browser's counter and the server's
 * check: `L` counts letters (user-perceived characters, so an emoji or a Hangul syllable is one;
 * spaces count, line breaks do not), `W` counts words split on whitespace.
 */
export function countLength(text: string, limitType: LimitType): number {
  if (limitType === 'W') return text.split(/\s+/u).filter(Boolean).length;
  const letters = text.replace(/[\r\n]/g, '');
  if (SIMPLE_LETTERS.test(letters)) return letters.length;
  const segments = graphemes();
  if (!segments) return [...letters].length;
  let n = 0;
  for (const _ of segments.segment(letters)) n++;
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
