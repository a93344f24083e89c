import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock file of an embedded data directory: one process at a time opens the database. */
export const LOCK_FILE = 'wholesale-desk.lock';

/** What the lock file holds. */
export interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** Another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
  ) {
    const who = owner ? `process ${owner.pid} on ${owner.host}, since ${owner.since}` : 'another process';
    super(
      `The data directory ${dataDir} is in use by ${who} (lock file ${join(dataDir, LOCK_FILE)}). ` +
        'Only one Wholesale Desk server (or backup, restore, seed) may open an embedded database at a time: ' +
        'stop the other one first, or set DATA_DIR to another folder. If no such process runs ' +
        '(for example the lock was copied from another machine), delete the lock file.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Removes the lock file (when it is still this process's). */
  release(): void;
}

/** Whether a process with this id runs on this machine (EPERM: it runs, as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { text: string; owner?: LockOwner } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) && typeof owner.host === 'string' ? { text, owner } : { text };
  } catch {
    // A lock file cut short (a crash while writing it) names no owner: it is stale.
    return { text };
  }
}

/**
 * Takes the data directory's lock: a file created atomically (O_EXCL) holding this
 * process's pid and host, removed by `release` (and at exit). A lock whose process no
 * longer runs on this host (kill -9, power loss) is stale: it is taken over and `log`
 * says so. A live owner, or one on another host (it can not be checked from here),
 * throws DataDirLockedError.
 */
export function lockDataDir(dataDir: string, log: (line: string) => void = console.warn): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      return holding(file, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = readOwner(file);
    if (!found) continue; // released meanwhile: try again
    const { owner } = found;
    if (owner && (owner.host !== me.host || isAlive(owner.pid))) throw new DataDirLockedError(dataDir, owner);
    // Stale. Remove it only if it is still the file judged stale (another process starting at
    // the same moment may have taken it over already), then create ours with O_EXCL again.
    if (readOwner(file)?.text !== found.text) continue;
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    log(
      owner
        ? `Taking over the stale lock of ${dataDir}: process ${owner.pid} (since ${owner.since}) no longer runs; ` +
            'the database recovers from its write-ahead log as after a power cut.'
        : `Taking over the unreadable lock file of ${dataDir}.`,
    );
  }
  throw new DataDirLockedError(dataDir, readOwner(file)?.owner);
}

function holding(file: string, content: string): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only our own lock: never one another process took over.
    if (readOwner(file)?.text === content) unlinkSync(file);
  };
  process.on('exit', release);
  return { release };
}
