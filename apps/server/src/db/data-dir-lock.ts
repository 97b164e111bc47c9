import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** A second server on a data folder that a running server holds. */
export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process that holds the data folder's lock, when that process is still running; else null. */
export function lockHolder(folder: string, file = `${folder}/.peerwrite.lock`): number | null {
  let holder = Number.NaN;
  try {
    holder = Number(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  return Number.isInteger(holder) && holder > 0 && isRunning(holder) ? holder : null;
}

/**
 * Takes the embedded database's folder for this process: a lock file created exclusively
 * (O_EXCL) that holds our pid. PGlite is a single-process database: two servers on one folder
 * would each answer writes that the other one then loses. A lock left by a process that is
 * gone (a crash, kill -9) is taken over. Returns the release function.
 */
export function lockDataDir(folder: string, file = `${folder}/.peerwrite.lock`): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        process.off('exit', release);
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(file, 'utf8'));
    } catch {
      continue; // Released between our two calls: try again.
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new DataDirLockedError(
        `The data folder ${folder} is in use by another PeerWrite server (process ${holder}). ` +
          'Stop that server first, or give this one its own DATA_DIR (or a DATABASE_URL).',
      );
    }
    try {
      unlinkSync(file); // Stale: its process is gone.
    } catch {
      // Another starter removed it first.
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${folder}; try again.`);
}
