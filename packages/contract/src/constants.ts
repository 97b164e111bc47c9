// Business constants and limits fixed by the specification (part 1 §9, part 2 §9).

export const LIMITS = {
  uploadMaxBytes: 20 * 1024 * 1024,
  passwordMin: 6,
  gradeMin: 1,
  gradeMax: 6,
  courseNameMax: 50,
  studentIdMax: 50,
  postTitleMax: 50,
  assignmentNameMax: 50,
  essayMaxLength: 20000,
  quizMax: 100,
  standardQuestionMax: 100,
  standardPointMin: 3,
  standardPointMax: 10,
  feedbackPointMin: 2,
  feedbackPointMax: 10,
  reviewerCountMin: 1,
  reviewerCountMax: 6,
  scoreComponentMin: 5,
  scoreComponentMax: 100,
  sheetNameMax: 31,
  nameMax: 100,
  emailMax: 254,
  addressMax: 255,
  passwordMax: 128,
} as const;

export const UI = {
  narrowBreakpointPx: 768,
  sidebarWidePx: 280,
  sidebarNarrowPx: 57,
  sidebarCourseCount: 3,
  noticeBoardPageSize: 3,
  managerPageSize: 10,
  searchDebounceMs: 500,
  questionReminderDelayMs: 1000,
} as const;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Brand colour when an organisation sets none, and the fallback when its value is malformed. */
export const DEFAULT_RGB = [86, 70, 255] as const;
export const FALLBACK_RGB = [87, 70, 255] as const;

/** Dates without a time (expiry, birth) are compared in this zone. */
export const APP_TIMEZONE = 'Asia/Seoul';

export const LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ko';

/** Account types: instructor (I) and learner (L). Staff is a separate flag. */
export const ROLES = ['I', 'L'] as const;
export type Role = (typeof ROLES)[number];

/** School attended: not applicable, elementary, middle, high school, university. */
export const ATTENDING_TYPES = ['N', 'E', 'M', 'H', 'U'] as const;
export type AttendingType = (typeof ATTENDING_TYPES)[number];

/** Grade applies to every attending type except N. */
export function hasGrade(attendingType: string | null | undefined): boolean {
  return attendingType === 'E' || attendingType === 'M' || attendingType === 'H' || attendingType === 'U';
}

/** Course roles as they appear in routes. */
export const COURSE_ROLES = ['instructor', 'learner', 'assistant'] as const;
export type CourseRole = (typeof COURSE_ROLES)[number];

/** Stage codes (part 2 §4) and the order used for checks. */
export const STAGE_CODES = ['PR', 'ES', 'QU', 'PE', 'AD', 'FE', 'RE', 'CO'] as const;
export type StageCode = (typeof STAGE_CODES)[number];
export const STAGE_CHECK_ORDER: readonly StageCode[] = ['PR', 'QU', 'ES', 'PE', 'AD', 'RE', 'FE', 'CO'];

/** Pricing shown in the fare dialog (won per semester). */
export const FARES = [
  { won: 300000, people: 100, classesUnder: 3 },
  { won: 500000, people: 200, classesUnder: 5 },
] as const;

/** Parses an organisation's "r,g,b" colour; the spec's fallback applies when it is not three 0..255 numbers. */
export function parseRgb(value: string | null | undefined): readonly [number, number, number] {
  if (value == null || value.trim() === '') return DEFAULT_RGB;
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length !== 3) return FALLBACK_RGB;
  const nums = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  if (nums.some((n) => Number.isNaN(n) || n > 255)) return FALLBACK_RGB;
  return [nums[0]!, nums[1]!, nums[2]!];
}

/** File extensions users may upload (course plans, post attachments, assignment files). */
export const UPLOAD_EXTENSIONS = [
  'pdf',
  'mp4',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'txt',
  'hwp',
  'hwpx',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'zip',
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** Files one request may carry. */
export const MAX_FILES_PER_UPLOAD = 10;

// Rules the essay pages read before any form (in this zod-free module, so a page that only shows an
// essay or counts an answer loads no schema code: issue 35).

/** The links a stored essay may keep (http, https, mailto); the read-only view checks again. */
export const SAFE_LINK_PATTERN = /^(https?:\/\/|mailto:)/i;

/** A colour a stored essay may keep (hex or rgb()), never anything CSS could do more with. */
export const COLOR_PATTERN = /^(#[0-9a-f]{3,8}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/i;

/** The longest answer to an assignment's question, in letters. */
export const ANSWER_MAX = 5000;
