import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';

interface Entry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: Entry[];
};

describe('the migrations journal', () => {
  it("is in order by `when`: Drizzle's migrator skips an entry older than the last one applied", () => {
    // It applies the entries whose `when` is after the newest `created_at` the database recorded,
    // so an entry written with an earlier `when` than the one before it never runs on a database
    // that already has that one (drizzle-kit takes `when` from the clock).
    const { entries } = journal;
    expect(entries.map((e) => e.idx)).toEqual(entries.map((_, i) => i));
    const late = entries.filter((e, i) => i > 0 && e.when <= entries[i - 1].when).map((e) => e.tag);
    expect(late).toEqual([]);
  });

  it('names every SQL file of the folder, and only those', () => {
    const files = readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
  });
});
