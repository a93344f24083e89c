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
  /** Linux: the boot id and the process's start time in ticks since boot (a reused pid is told apart). */
  boot?: string;
  start?: string;
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

/** The lock files this process holds: its own pid in a lock it does not hold is a former process's. */
const held = new Set<string>();

/**
 * Whether the lock's owner still runs on this machine: a process with its pid exists (EPERM:
 * it runs, as another user) and, where Linux tells, it is the same process: same boot, same
 * start time (a pid is reused after a reboot or a container's restart, where pids start
 * again from 1).
 */
function ownerRuns(owner: LockOwner, file: string): boolean {
  if (owner.pid === process.pid) return held.has(file);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  const start = startTicks(owner.pid);
  return !(owner.start && start && owner.start !== start);
}

/** This boot of the machine (Linux), to tell a lock from before a reboot. */
function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** When a process started, in clock ticks since boot (Linux /proc; not moved by clock changes). */
function startTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (in parentheses, which may hold spaces): starttime is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
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
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    boot: bootId(),
    start: startTicks(process.pid),
  };
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
    if (owner && (owner.host !== me.host || ownerRuns(owner, file))) throw new DataDirLockedError(dataDir, owner);
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
  held.add(file);
  let holds = true;
  const release = () => {
    if (!holds) return;
    holds = false;
    held.delete(file);
    process.off('exit', release);
    // Only our own lock: never one another process took over.
    if (readOwner(file)?.text === content) unlinkSync(file);
  };
  process.on('exit', release);
  return { release };
}
