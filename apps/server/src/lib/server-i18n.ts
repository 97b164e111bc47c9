import type { Language } from '@pw/contract';
import en from '../locales/en/pages.json';
import ko from '../locales/ko/pages.json';

type Tree = { [key: string]: string | Tree };
const catalogs: Record<Language, Tree> = { ko, en };

/** Text of the server-rendered pages and mails, by dotted key, with `{{param}}` filled in. */
export function pageText(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = catalogs[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
