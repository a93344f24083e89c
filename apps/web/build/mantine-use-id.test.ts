import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineUseId, USE_ID_SOURCE } from './mantine-use-id';

/** Writes a module at Mantine's useId path under a scratch folder and answers its path. */
function moduleWith(text: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'wd-use-id-')), 'node_modules/@mantine/hooks/esm/use-id');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'use-id.mjs');
  writeFileSync(file, text);
  return file;
}

const load = (id: string) => {
  const hook = mantineUseId().load as unknown as (this: unknown, id: string) => Promise<string | null>;
  return hook.call(
    {
      error: (message: string) => {
        throw new Error(message);
      },
    },
    id,
  );
};

describe("Mantine's useId at build", () => {
  it("is replaced by one that keeps React's id, when Mantine's still sets a random one in an effect", async () => {
    const file = moduleWith('useIsomorphicEffect(() => { setUuid(randomId()); }, []);');
    expect(await load(file)).toBe(USE_ID_SOURCE);
  });

  it('fails the build when Mantine changed the hook', async () => {
    await expect(load(moduleWith('export function useId() { return "x"; }'))).rejects.toThrow(
      /no longer sets a random id/,
    );
  });

  it('leaves every other module alone', async () => {
    expect(await load('/app/node_modules/@mantine/hooks/esm/use-disclosure/use-disclosure.mjs')).toBeNull();
  });
});
