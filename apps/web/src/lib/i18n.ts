import type { Language } from '@pw/contract';
import koMessages from '@pw/contract/locales/ko/messages.json';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import koBase from '../locales/ko/base.json';
import { STORAGE_KEYS, storedLanguage, writeStorage } from './storage';

/**
 * The catalogs load in parts, so the sign-in page carries only what it shows (issue 11):
 *
 * - on arrival, Korean's arrival texts (`locales/ko/base.json`: the product's name, sign-in,
 *   the language switch, the frame's common words) and the contract's shared error and
 *   validation messages;
 * - English's arrival texts and messages only when English is chosen (`ensureLanguage`);
 * - the pages' texts (`locales/*\/common.json`) with the first page loaded on demand
 *   (`loadPageTexts`, called by `lazyPage`), in the languages loaded so far;
 * - a feature's own texts (help, manager, results) with that feature's pages.
 *
 * `npm run budget` checks that every text the sign-in page's code asks for is in base.json.
 */
void i18n.use(initReactI18next).init({
  resources: { ko: { translation: { ...koBase, ...koMessages } } },
  lng: 'ko',
  fallbackLng: 'ko',
  interpolation: { escapeValue: false },
  returnNull: false,
});

const arrival: Record<Language, () => Promise<object[]>> = {
  ko: async () => [],
  en: () =>
    Promise.all([
      import('../locales/en/base.json').then((m) => m.default),
      import('@pw/contract/locales/en/messages.json').then((m) => m.default),
    ]),
};
const pages: Record<Language, () => Promise<object>> = {
  ko: () => import('../locales/ko/common.json').then((m) => m.default),
  en: () => import('../locales/en/common.json').then((m) => m.default),
};

const loaded = new Map<string, Promise<void>>();
let pagesWanted = false;

function once(key: string, load: () => Promise<object[]>) {
  let done = loaded.get(key);
  if (!done) {
    const lng = key.split(':')[0] as Language;
    done = load().then((bundles) => {
      for (const bundle of bundles) i18n.addResourceBundle(lng, 'translation', bundle, true, false);
    });
    // A failed load (offline) may be tried again.
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

/** Loads what a language needs so far: its arrival texts, and the pages' texts once a page wanted them. */
export async function ensureLanguage(lng: Language): Promise<void> {
  await Promise.all([
    once(`${lng}:arrival`, arrival[lng]),
    pagesWanted ? once(`${lng}:pages`, async () => [await pages[lng]()]) : undefined,
  ]);
}

/** The pages' texts in the current language, loaded beside the first page that is not sign-in. */
export function loadPageTexts(): Promise<void> {
  pagesWanted = true;
  return ensureLanguage(i18n.language as Language);
}

/** Switches the language once its texts are in, so no page shows a key meanwhile. */
export async function changeLanguage(lng: Language): Promise<void> {
  await ensureLanguage(lng);
  await i18n.changeLanguage(lng);
}

i18n.on('languageChanged', (lng) => {
  writeStorage(STORAGE_KEYS.language, lng);
  document.documentElement.lang = lng;
});

/** Resolves when the stored language's arrival texts are in; the app renders after it. */
export const i18nReady: Promise<void> = changeLanguage(storedLanguage()).catch(() => undefined);

export { i18n };
