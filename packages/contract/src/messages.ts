import en from '../locales/en/messages.json';
import ko from '../locales/ko/messages.json';
import type { Language } from './constants';

/** Messages shared by the server and the web client (error codes, validation rules, stage names). */
export const sharedMessages = { ko, en } as const;

type Tree = { [key: string]: string | Tree };

/** Looks up a dotted key such as `validation.required` and fills `{{param}}` placeholders. */
export function translateShared(
  lang: Language,
  key: string,
  params: Record<string, unknown> = {},
): string | undefined {
  let node: string | Tree | undefined = sharedMessages[lang] as Tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  if (typeof node !== 'string') return undefined;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * A stage code's name (part 2 §4: PR … CO) as the screens and the workbooks say it: the one copy
 * of the words, `stages.<code>` in the shared catalogs (the web's `t('stages.PE')` reads the same).
 */
export function stageLabel(lang: Language, code: string): string {
  return translateShared(lang, `stages.${code}`) ?? code;
}

/** Picks ko or en from an Accept-Language header; Korean is the default. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return 'ko';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'ko';
}
