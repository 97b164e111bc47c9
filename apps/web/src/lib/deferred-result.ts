import { useDeferredValue } from 'react';

type Result = { data: unknown; isPending: boolean };

/**
 * A query's result whose first data is rendered in a background render, which React splits into
 * slices of a few milliseconds, instead of in one task. TanStack Query hands new data to React as
 * an external-store update, which React renders at once and whole: a step page's first render
 * when its data arrived was one task of 180 ms on a test machine (several times that on a phone),
 * blocking input meanwhile (issue 35). Until that background render is done the result stays
 * pending (the loader stays). Later data (a save's answer, a refetch) is passed on at once: an
 * editor must never act on a version older than the one stored.
 */
export function useDeferredResult<Q extends Result>(query: Q): Q {
  const data = useDeferredValue(query.data);
  if (data !== undefined || query.data === undefined) return query;
  // Read through a proxy, not a copy: the result's getters tell the query which fields this
  // component reads, and a copy would read them all (a re-render on every status change).
  return new Proxy(query, {
    get(target, property) {
      if (property === 'data') return undefined;
      if (property === 'isPending') return true;
      if (property === 'isSuccess') return false;
      if (property === 'status') return 'pending';
      return Reflect.get(target, property, target);
    },
  });
}
