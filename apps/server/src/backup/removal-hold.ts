import type { FileStorage } from '../lib/storage';

/**
 * File storage whose removals can be held back: while a backup copies the files that its
 * database dump references, a row deleted after the dump must not take its bytes away. Keys are
 * never reused, so a removal that waits changes nothing but when the bytes go.
 */
export function withRemovalHold(storage: FileStorage): {
  storage: FileStorage;
  /** Holds removals until the returned function is called (holds nest; each releases once). */
  holdRemovals: () => () => Promise<void>;
} {
  let holds = 0;
  const waiting: string[] = [];
  const held: FileStorage = {
    ...storage,
    async remove(key) {
      if (holds > 0) waiting.push(key);
      else await storage.remove(key);
    },
    async removeMany(keys) {
      if (holds > 0) waiting.push(...keys);
      else await storage.removeMany(keys);
    },
  };
  return {
    storage: held,
    holdRemovals() {
      holds += 1;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0) return;
        const keys = waiting.splice(0);
        await storage.removeMany(keys).catch(() => {});
      };
    },
  };
}
