import type { Language } from '@pw/contract';

/**
 * The help page's topics (part 1 §2 `/helps`) and the ids of their Q&A items, in display order.
 * The texts live in `locales/{ko,en}/help.json` under `help.tabs.<tab>.items.<id>`; a unit test
 * checks that both catalogs hold exactly these items.
 */
export const HELP_TABS = [
  { id: 'general', items: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'] },
  { id: 'learner', items: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'] },
  { id: 'courses', items: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'] },
  { id: 'assignments', items: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'] },
] as const;

export type HelpTabId = (typeof HELP_TABS)[number]['id'];

/** The two downloadable manuals; files are built by `scripts/build-manuals.mjs`. */
export const MANUAL_KINDS = ['instructor', 'student'] as const;
export type ManualKind = (typeof MANUAL_KINDS)[number];

/** The manual's public path in the given interface language (anything but English gets Korean). */
export function manualHref(kind: ManualKind, language: string | undefined): string {
  return `/manuals/${kind}-${manualLanguage(language)}.pdf`;
}

export function manualLanguage(language: string | undefined): Language {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'ko';
}
