/**
 * Comments anchored in the essay (issue 34, item 3). An anchor is a passage of the essay a reviewer
 * was shown: `index` and `length` in the essay's text as Quill counts positions (every text
 * character one UTF-16 unit, every embed one position), plus the quoted passage to verify it.
 * Pure: the server validates with it, the web maps selections and draws the marks with it.
 */

/** The longest anchored comment and passage, the most anchors on one review. */
export const ANCHOR_COMMENT_MAX = 1000;
export const ANCHOR_QUOTE_MAX = 2000;
export const ANCHORS_PER_REVIEW_MAX = 30;

export type Anchor = { index: number; length: number; quote: string };

/** Why an anchor does not fit the essay (a translated validation message key each). */
export type AnchorProblem = 'anchor_out_of_range' | 'anchor_quote_mismatch' | 'anchor_blank';

/** One run of the essay: `text` with Quill's inline formats (bold, italic, underline, strike). */
export type EssayRun = { start: number; text: string; attributes: Record<string, unknown> };

const isOps = (value: unknown): value is { ops: { insert: unknown; attributes?: unknown }[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { ops?: unknown }).ops);

/**
 * The essay's runs with their positions: a Quill Delta's inserts (an embed counts one position,
 * shown as U+FFFC), else the plain text as one run (a Draft.js or plain essay).
 */
export function essayRuns(content: unknown, plainText: string): EssayRun[] {
  if (!isOps(content)) return plainText ? [{ start: 0, text: plainText, attributes: {} }] : [];
  const runs: EssayRun[] = [];
  let at = 0;
  for (const op of content.ops) {
    const text = typeof op.insert === 'string' ? op.insert : '\uFFFC';
    if (!text) continue;
    const attributes =
      typeof op.attributes === 'object' && op.attributes !== null
        ? (op.attributes as Record<string, unknown>)
        : {};
    runs.push({ start: at, text, attributes });
    at += text.length;
  }
  return runs;
}

/** The text anchors are counted in (Quill's positions). */
export const anchorText = (content: unknown, plainText: string) =>
  essayRuns(content, plainText)
    .map((r) => r.text)
    .join('');

/** Null when the anchor fits `text`: within it, not blank, and its quote is the text at its place. */
export function checkAnchor(text: string, anchor: Anchor): AnchorProblem | null {
  const { index, length, quote } = anchor;
  if (!Number.isInteger(index) || !Number.isInteger(length) || index < 0 || length < 1)
    return 'anchor_out_of_range';
  if (index + length > text.length) return 'anchor_out_of_range';
  const passage = text.slice(index, index + length);
  if (passage !== quote) return 'anchor_quote_mismatch';
  if (!passage.trim()) return 'anchor_blank';
  return null;
}

/**
 * An anchor for a passage typed or pasted rather than selected (a keyboard user's way in): its
 * occurrence nearest to `near` (the start when absent), trimmed of surrounding blanks; null when
 * the passage is not in the text.
 */
export function locateQuote(text: string, quote: string, near = 0): Anchor | null {
  const wanted = quote.trim();
  if (!wanted) return null;
  let best: number | null = null;
  for (let at = text.indexOf(wanted); at >= 0; at = text.indexOf(wanted, at + 1))
    if (best === null || Math.abs(at - near) < Math.abs(best - near)) best = at;
  return best === null ? null : { index: best, length: wanted.length, quote: wanted };
}

/** A selection trimmed of the blanks at its ends (a double-click selects the following space). */
export function trimSelection(text: string, index: number, length: number): Anchor | null {
  let start = Math.max(0, index);
  let end = Math.min(text.length, index + length);
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return end > start ? { index: start, length: end - start, quote: text.slice(start, end) } : null;
}

/** A stretch of the essay and the anchors (by their position in `anchors`) that cover it. */
export type AnchorSegment = { start: number; end: number; covers: number[] };

/**
 * The essay cut at every anchor's start and end, each piece with the anchors covering it (for the
 * marks; overlapping anchors share a piece). Anchors that do not fit are left out.
 */
export function anchorSegments(
  text: string,
  anchors: readonly Pick<Anchor, 'index' | 'length'>[],
): AnchorSegment[] {
  const fitting = anchors
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.index >= 0 && a.length > 0 && a.index + a.length <= text.length);
  const cuts = new Set([0, text.length]);
  for (const { a } of fitting) {
    cuts.add(a.index);
    cuts.add(a.index + a.length);
  }
  const sorted = [...cuts].sort((x, y) => x - y);
  const out: AnchorSegment[] = [];
  for (let k = 0; k + 1 < sorted.length; k++) {
    const start = sorted[k] as number;
    const end = sorted[k + 1] as number;
    if (end <= start) continue;
    const covers = fitting.filter(({ a }) => a.index <= start && a.index + a.length >= end).map(({ i }) => i);
    out.push({ start, end, covers });
  }
  return out;
}

/** One part of a word diff from the essay to its revision (jsdiff's shape). */
export type DiffPart = { value: string; added?: boolean; removed?: boolean };

/**
 * Which changes of the revision fall on which anchored passages of the essay (issue 34, item 4:
 * the comparison shows which changes answer which comment). Walking the diff through the essay's
 * positions: a removed part answers the passages it overlaps; an added part, inserted at one
 * position of the essay, answers the passages it lands in or at the edge of (a word replaced at
 * a passage's end). Per part, the anchors (by their position in `anchors`) it answers; unchanged
 * parts answer none.
 */
export function changesOnAnchors(
  parts: readonly DiffPart[],
  anchors: readonly Pick<Anchor, 'index' | 'length'>[],
): number[][] {
  let at = 0;
  return parts.map((part) => {
    if (part.added) return anchors.flatMap((a, i) => (at >= a.index && at <= a.index + a.length ? [i] : []));
    const start = at;
    at += part.value.length;
    if (!part.removed) return [];
    return anchors.flatMap((a, i) => (start < a.index + a.length && at > a.index ? [i] : []));
  });
}
