import { describe, expect, it } from 'vitest';
import { Gate } from './gate.js';

/** A piece of work that runs until `finish` is called, noting when it starts and ends. */
function step(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    finish,
    work: async () => {
      log.push(`${name} starts`);
      await done;
      log.push(`${name} ends`);
      return name;
    },
  };
}

const turns = async (n = 10) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('the gate: shared work together, exclusive work alone', () => {
  it('runs shared work side by side', async () => {
    const gate = new Gate();
    const log: string[] = [];
    const a = step(log, 'a');
    const b = step(log, 'b');
    const running = [gate.shared(a.work), gate.shared(b.work)];
    await turns();
    expect(log).toEqual(['a starts', 'b starts']);
    b.finish();
    a.finish();
    expect(await Promise.all(running)).toEqual(['a', 'b']);
  });

  it('starts exclusive work once the shared work already running has ended, and holds back shared work asked after it', async () => {
    const gate = new Gate();
    const log: string[] = [];
    const before = step(log, 'before');
    const alone = step(log, 'alone');
    const after = step(log, 'after');
    const all = [gate.shared(before.work), gate.exclusive(alone.work), gate.shared(after.work)];
    await turns();
    expect(log).toEqual(['before starts']);
    before.finish();
    await turns();
    expect(log).toEqual(['before starts', 'before ends', 'alone starts']);
    after.finish();
    await turns();
    expect(log).toHaveLength(3);
    alone.finish();
    expect(await Promise.all(all)).toEqual(['before', 'alone', 'after']);
    expect(log).toEqual(['before starts', 'before ends', 'alone starts', 'alone ends', 'after starts', 'after ends']);
  });

  it('holds back shared work asked in the same turn as exclusive work, before it has begun', async () => {
    const gate = new Gate();
    const log: string[] = [];
    const alone = step(log, 'alone');
    const after = step(log, 'after');
    const all = [gate.exclusive(alone.work), gate.shared(after.work)];
    await turns();
    expect(log).toEqual(['alone starts']);
    alone.finish();
    after.finish();
    await Promise.all(all);
    expect(log).toEqual(['alone starts', 'alone ends', 'after starts', 'after ends']);
  });

  it('runs exclusive work one at a time in the order asked, a failure passing on to the next', async () => {
    const gate = new Gate();
    const log: string[] = [];
    const first = step(log, 'first');
    const second = step(log, 'second');
    const failing = gate.exclusive(async () => {
      log.push('failing');
      throw new Error('refused');
    });
    const all = [gate.exclusive(first.work), gate.exclusive(second.work)];
    await expect(failing).rejects.toThrow('refused');
    await turns();
    expect(log).toEqual(['failing', 'first starts']);
    second.finish();
    await turns();
    expect(log).toEqual(['failing', 'first starts']);
    first.finish();
    expect(await Promise.all(all)).toEqual(['first', 'second']);
    expect(await gate.shared(async () => 'open again')).toBe('open again');
  });
});
