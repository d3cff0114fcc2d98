import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

/** The claim's file name inside DATA_DIR. */
export const LOCK_FILE = 'b2bpay.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database belongs to one process at a time (DESIGN §3): two PGlite instances on one
 * folder would corrupt it. A pid file claims the folder; a claim by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Встроенная база данных в папке «${dataDir}» уже открыта другим процессом (pid ${owner}). ` +
            'Остановите его или используйте POST /api/admin/shops на работающем сервере.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Не удалось занять папку базы данных «${dataDir}».`);
}
