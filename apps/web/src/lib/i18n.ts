import { sharedMessages } from '@pw/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/common.json';
import ko from '../locales/ko/common.json';
import { STORAGE_KEYS, storedLanguage, writeStorage } from './storage';

/**
 * The web catalogs plus the shared error and validation messages of the contract package. The
 * help manual's texts (`locales/*\/help.json`) are added by the help page when it loads
 * (`features/help/help-texts.ts`), so the first page does not carry them.
 */
export const resources = {
  ko: { translation: { ...ko, ...sharedMessages.ko } },
  en: { translation: { ...en, ...sharedMessages.en } },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'ko',
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  writeStorage(STORAGE_KEYS.language, lng);
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

export { i18n };
