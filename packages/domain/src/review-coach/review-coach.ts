import type { CoachHint } from '@pw/contract';
import {
  CRITICISM_EN,
  CRITICISM_KO,
  FILLER_EN,
  FILLER_KO,
  GENERIC_EN,
  GENERIC_KO,
  HANGUL_SHARE_FOR_KOREAN,
  HIGH_POINT_SHARE,
  KO_PARTICLES,
  LOW_POINT_SHARE,
  MIN_EN_WORDS,
  MIN_KO_CHARS,
  NOT_A_REFERENCE_EN,
  NOT_A_REFERENCE_KO,
  PRAISE_EN,
  PRAISE_KO,
  SUGGESTION_EN,
  SUGGESTION_KO,
  VAGUE_SUGGESTION_EN,
  VAGUE_SUGGESTION_KO,
} from './word-lists';

/**
 * The review coach (issue 34, item 2): hints on one comment of a peer review, with no outside
 * service. Each hint is a gentle nudge shown under the comment box; none blocks saving.
 *
 * - `too_short`: fewer than MIN_KO_CHARS characters (Korean) or MIN_EN_WORDS words (English).
 * - `generic`: nothing but generic praise and filler ("좋아요", "잘 썼어요", "good job", "nice").
 * - `no_reference`: no word or phrase taken from the essay (the criterion's words and words about
 *   writing in general do not count; Korean words are compared without their particles).
 * - `point_mismatch`: a low point with only praise, or a high point with only criticism.
 * - `no_suggestion`: nothing that says what to change (not asked of a top point).
 */
// The hints' codes are the contract's (the instructor's answer carries them).
export { COACH_HINTS, type CoachHint } from '@pw/contract';
export type CoachLanguage = 'ko' | 'en';

export type CoachInput = {
  comment: string;
  /** The standard's question (its words are not a reference to the essay). */
  criterion: string;
  /** The point given, or null before one is chosen. */
  point: number | null;
  min: number;
  max: number;
  /** The essay's plain text ('' when it has none: the reference rule is then skipped). */
  essay: string;
  /** The page's language: which rules read a comment with no letters yet. */
  language: CoachLanguage;
};

const HANGUL = /[\uac00-\ud7a3]/g;
const LETTER = /[\p{L}]/gu;

/** Korean when at least HANGUL_SHARE_FOR_KOREAN of the comment's letters are Hangul. */
export function commentLanguage(comment: string, fallback: CoachLanguage): CoachLanguage {
  const letters = comment.match(LETTER)?.length ?? 0;
  if (letters === 0) return fallback;
  const hangul = comment.match(HANGUL)?.length ?? 0;
  return hangul / letters >= HANGUL_SHARE_FOR_KOREAN ? 'ko' : 'en';
}

const normalise = (text: string) => text.toLowerCase().normalize('NFC');
const englishWords = (text: string) => normalise(text).match(/[a-z][a-z']*/g) ?? [];
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An English word or phrase as a whole-word pattern. */
const wordPattern = (list: readonly string[]) =>
  new RegExp(`(?<![a-z'])(?:${list.map(escapeRe).join('|')})(?![a-z'])`, 'i');

const PRAISE_EN_RE = wordPattern(PRAISE_EN);
const CRITICISM_EN_RE = wordPattern(CRITICISM_EN);
const SUGGESTION_EN_RE = wordPattern(SUGGESTION_EN);
const GENERIC_EN_RE = wordPattern(GENERIC_EN);
/** Korean praise markers as word beginnings ("잘 " → "잘"). */
const KO_PRAISE_STEMS = PRAISE_KO.map((p) => p.trim()).filter((p) => !p.includes(' '));
const has = (text: string, list: readonly string[]) => list.some((w) => text.includes(w));

function isTooShort(comment: string, lang: CoachLanguage): boolean {
  if (lang === 'ko') return comment.replace(/\s/g, '').length < MIN_KO_CHARS;
  return englishWords(comment).length < MIN_EN_WORDS;
}

/** Nothing left once generic praise, filler, punctuation and emoji are taken out. */
function isGeneric(comment: string): boolean {
  let rest = ` ${normalise(comment)} `;
  for (const phrase of [...GENERIC_KO].sort((a, b) => b.length - a.length))
    rest = rest.split(phrase).join(' ');
  const longestFirst = [...GENERIC_EN].sort((a, b) => b.length - a.length);
  rest = rest.replace(new RegExp(wordPattern(longestFirst).source, 'gi'), ' ');
  const tokens = rest.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
  const filler = new Set<string>([...FILLER_KO, ...FILLER_EN]);
  // A word of praise that names nothing ("solid", "clear", "훌륭한") is as empty as the phrases.
  const praiseWord = (t: string) =>
    PRAISE_EN_RE.test(t) ||
    (/^[\uac00-\ud7a3]+$/.test(t) && !has(t, CRITICISM_KO) && KO_PRAISE_STEMS.some((p) => t.startsWith(p)));
  return tokens.every((t) => filler.has(t) || /^[ㄱ-ㅎㅏ-ㅣ]+$/.test(t) || praiseWord(t));
}

/** A Korean word without its trailing particle (two syllables or more are kept). */
export function koreanStem(word: string): string {
  for (const p of KO_PARTICLES) {
    if (word.endsWith(p) && word.length - p.length >= 2) return word.slice(0, -p.length);
  }
  return word;
}

const englishStem = (w: string) => w.replace(/(ing|ed|es|s|ly)$/, '');

/** Content words of a comment that the essay also contains (none: no reference). */
export function essayReferences(comment: string, criterion: string, essay: string): string[] {
  const found: string[] = [];
  const essayNorm = normalise(essay);
  const essayCompact = essayNorm.replace(/\s+/g, '');
  const criterionCompact = normalise(criterion).replace(/\s+/g, '');
  // A quoted passage found in the essay is a reference whatever its words.
  for (const m of comment.matchAll(/["“”'‘’「」『』]([^"“”'‘’「」『』]{4,})["“”'‘’「」『』]/g)) {
    const quote = normalise(m[1] ?? '').replace(/\s+/g, '');
    if (quote.length >= 4 && essayCompact.includes(quote)) found.push(m[1] ?? '');
  }
  // Korean: words of two syllables or more, particles stripped, found in the essay (spaces ignored).
  const koStop = new Set<string>(NOT_A_REFERENCE_KO);
  for (const word of normalise(comment).match(/[\uac00-\ud7a3]+/g) ?? []) {
    const stem = koreanStem(word);
    if (stem.length < 2 || koStop.has(stem) || criterionCompact.includes(stem)) continue;
    if ([...koStop].some((s) => s.length >= 2 && stem.startsWith(s))) continue;
    if (essayCompact.includes(stem)) found.push(stem);
  }
  // English: words of four letters or more, compared by a rough stem.
  const enStop = new Set<string>(NOT_A_REFERENCE_EN);
  const criterionStems = new Set(englishWords(criterion).map(englishStem));
  const essayStems = new Set(englishWords(essay).map(englishStem));
  for (const word of englishWords(comment)) {
    if (word.length < 4 || enStop.has(word)) continue;
    const stem = englishStem(word);
    if (criterionStems.has(stem)) continue;
    if (essayStems.has(stem)) found.push(word);
  }
  return found;
}

/** Praise, criticism and suggestion markers (both languages': a comment may mix them). */
function tone(comment: string) {
  const text = normalise(comment);
  // Generic praise ("대박", "awesome") is praise too.
  const praise =
    has(` ${text} `, PRAISE_KO) ||
    has(text, GENERIC_KO) ||
    PRAISE_EN_RE.test(text) ||
    GENERIC_EN_RE.test(text);
  const criticism = has(text, CRITICISM_KO) || CRITICISM_EN_RE.test(text);
  let concrete = text;
  for (const v of [...VAGUE_SUGGESTION_KO, ...VAGUE_SUGGESTION_EN]) concrete = concrete.split(v).join(' ');
  const suggestion = has(concrete, SUGGESTION_KO) || SUGGESTION_EN_RE.test(concrete);
  return { praise, criticism, suggestion };
}

/**
 * The hints for one comment, in COACH_HINTS order. An empty comment has none (the box is required
 * anyway, and the coach does not nag before the reviewer starts).
 */
export function coachHints(input: CoachInput): CoachHint[] {
  const comment = input.comment.trim();
  if (!comment) return [];
  const lang = commentLanguage(comment, input.language);
  const hints: CoachHint[] = [];
  if (isTooShort(comment, lang)) hints.push('too_short');
  const generic = isGeneric(comment);
  if (generic) hints.push('generic');
  // A generic comment has no word of its own, so it cannot refer to the essay either.
  if (
    input.essay.trim() &&
    (generic || essayReferences(comment, input.criterion, input.essay).length === 0)
  ) {
    hints.push('no_reference');
  }
  const { praise, criticism, suggestion } = tone(comment);
  const span = input.max - input.min;
  const share = input.point === null || span <= 0 ? null : (input.point - input.min) / span;
  if (share !== null) {
    if (share <= LOW_POINT_SHARE && praise && !criticism) hints.push('point_mismatch');
    else if (share >= HIGH_POINT_SHARE && criticism && !praise) hints.push('point_mismatch');
  }
  if (!suggestion && !(input.point !== null && input.point >= input.max)) hints.push('no_suggestion');
  return hints;
}

/** A comment meets the coach's bar when it draws no hint. */
export function meetsCoachBar(input: CoachInput): boolean {
  return coachHints(input).length === 0;
}

/** How many of a reviewer's comments met the coach's bar, of how many (empty comments left out). */
export function coachTally(inputs: readonly CoachInput[]): { met: number; total: number } {
  const written = inputs.filter((x) => x.comment.trim());
  return { met: written.filter(meetsCoachBar).length, total: written.length };
}
