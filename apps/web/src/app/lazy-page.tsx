import { type ComponentType, lazy } from 'react';
import { loadPageTexts } from '../lib/i18n';

/**
 * A page component loaded on demand from a module's named export (React.lazy wants a default),
 * together with the pages' texts (they are not on the sign-in page).
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadPageTexts()]);
    return { default: module[name] as ComponentType };
  });
}
