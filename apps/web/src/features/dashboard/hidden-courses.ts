import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';

/** Local-storage key of the hidden dashboard courses: one list per sign-in (part 1 §2, §4). */
export function hiddenCoursesKey(token: string | null): string {
  return `hiddenCourses:${(token ?? '').slice(0, 8)}`;
}

/** Parses the stored list, ignoring anything that is not an array of ids. */
export function parseHidden(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

/** The hidden course ids with hide and restore-all. */
export function useHiddenCourses(token: string | null) {
  const key = hiddenCoursesKey(token);
  const [state, setState] = useState(() => ({ key, ids: parseHidden(readStorage(key)) }));
  // A different sign-in reads its own list.
  const ids = state.key === key ? state.ids : parseHidden(readStorage(key));
  const save = useCallback(
    (next: number[]) => {
      writeStorage(key, next.length > 0 ? JSON.stringify(next) : null);
      setState({ key, ids: next });
    },
    [key],
  );
  const hide = useCallback((id: number) => save([...ids.filter((x) => x !== id), id]), [ids, save]);
  const restoreAll = useCallback(() => save([]), [save]);
  return { hidden: ids, hide, restoreAll };
}
