import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wd-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the data directory lock', () => {
  it('holds this process and host, refuses a second owner while held, and goes on release', () => {
    const lock = lockDataDir(dir);
    const owner = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`is in use by process ${process.pid} on ${hostname()}`);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it("takes over a stale lock (its process is gone) and says so; release leaves others' locks alone", () => {
    const pid = deadPid();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, host: hostname(), since: '2026-01-01T00:00:00Z' }));
    const lines: string[] = [];
    const lock = lockDataDir(dir, (line) => lines.push(line));
    expect(lines).toEqual([expect.stringContaining(`stale lock of ${dir}: process ${pid}`)]);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    // Someone removed ours and took the directory: releasing must not delete their lock.
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: hostname(), since: 'x' }));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });

  it("tells a reused pid from the lock's owner: this process's own pid, a live process started later, another boot", async () => {
    const write = (owner: object) =>
      writeFileSync(
        join(dir, LOCK_FILE),
        JSON.stringify({ host: hostname(), since: '2026-01-01T00:00:00Z', ...owner }),
      );
    // A container restarted: the new server got the pid of the one that held the lock.
    write({ pid: process.pid });
    lockDataDir(dir, () => {}).release();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const pid = child.pid as number;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      write({ pid, boot, start });
      expect(() => lockDataDir(dir)).toThrow(`is in use by process ${pid}`);
      write({ pid, boot, start: String(Number(start) - 5) });
      lockDataDir(dir, () => {}).release();
      write({ pid, boot: 'another-boot', start });
      lockDataDir(dir, () => {}).release();
      // Written without the Linux facts: a live pid is taken for the owner.
      write({ pid });
      expect(() => lockDataDir(dir)).toThrow(`is in use by process ${pid}`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over a lock file cut short by a crash, refuses one from another host', () => {
    writeFileSync(join(dir, LOCK_FILE), '{"pid":12');
    const lines: string[] = [];
    lockDataDir(dir, (line) => lines.push(line)).release();
    expect(lines).toEqual([expect.stringContaining('unreadable lock file')]);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), host: 'another-host', since: 'x' }));
    expect(() => lockDataDir(dir)).toThrow(/in use by process \d+ on another-host/);
  });

  it('openDatabase refuses an embedded database already open, and opens it once closed', async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/is in use by process/);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  }, 60_000);
});
