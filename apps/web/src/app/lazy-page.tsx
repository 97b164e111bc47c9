import { type ComponentType, lazy } from 'react';

/** A page component loaded on demand from a module's named export (React.lazy wants a default). */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
