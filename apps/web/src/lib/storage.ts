import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pw/contract';

// Keys the app keeps in local storage (part 1 §4: token; §2: language).
export const STORAGE_KEYS = { token: 'token', language: 'language' } as const;

/** Reads a local-storage value, tolerating browsers that block storage. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or, with null, removes) a local-storage value. */
export function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode): the app keeps working for this page only.
  }
}

/** The remembered interface language, Korean by default. */
export function storedLanguage(): Language {
  const value = readStorage(STORAGE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

/** The first 8 characters of the stored token: keys browser storage to one sign-in (part 1 §2, §4). */
export function tokenPart(): string {
  return (readStorage(STORAGE_KEYS.token) ?? '').slice(0, 8);
}

/** Reads a session-storage value (this tab, until it closes). */
export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes (or, with null, removes) a session-storage value. */
export function writeSession(key: string, value: string | null) {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives until the page reloads at most.
  }
}
