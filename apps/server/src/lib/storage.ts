import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded bytes live. The local folder is the default; an object store can implement the same. */
export type FileStorage = {
  /** Streams `data` into a new object and returns its key and size. */
  save: (prefix: string, data: Readable) => Promise<{ key: string; size: number }>;
  open: (key: string) => Readable;
  /** Where a file server (`@fastify/send`) finds a key's bytes: the folder, and the key as a URL path. */
  locate: (key: string) => { root: string; path: string };
  remove: (key: string) => Promise<void>;
};

/** File storage in a local folder (`DATA_DIR/files`). Keys are generated, never taken from user input. */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!/^[\w-]+\/[\w-]+$/.test(key)) throw new Error('bad storage key');
    return join(root, key);
  };
  return {
    async save(prefix, data) {
      const key = `${prefix.replace(/[^\w-]/g, '')}/${randomUUID()}`;
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(data, createWriteStream(path));
      return { key, size: (await stat(path)).size };
    },
    open: (key) => createReadStream(pathOf(key)),
    locate: (key) => {
      pathOf(key);
      return { root, path: `/${key}` };
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
