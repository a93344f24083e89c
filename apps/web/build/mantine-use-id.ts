import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** Mantine's `useId` hook, the module every input, checkbox and select of Mantine takes its id from. */
const MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
/** What the module does that this plugin replaces: a new random id set in a layout effect. */
const REPLACED = 'setUuid(randomId());';

/** React's id for the component, as Mantine's hook gives it before its effect runs. */
export const USE_ID_SOURCE = `import { useId as useReactId } from "react";
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : \`mantine-\${reactId.replace(/:/g, "")}\`;
}
`;

/**
 * Mantine's `useId` gives each component React's id and then, in a layout effect, replaces it with a
 * random one: every input, checkbox and select renders twice when it mounts, the second time
 * synchronously inside the commit that mounted it. On the invoice list that is a few dozen
 * components, one of the longest tasks of a phone's first load. The app has one React root, where
 * React's ids are unique, so the build gives Mantine a `useId` that keeps React's id (the same id
 * Mantine's own hook shows before its effect) and renders once.
 *
 * The build fails if Mantine's module no longer does what is replaced here (an upgrade): look at it
 * again rather than replace something else.
 */
export function mantineUseId(): Plugin {
  return {
    name: 'wd-mantine-use-id',
    apply: 'build',
    async load(id) {
      if (!MODULE.test(id)) return null;
      const original = await readFile(id, 'utf8');
      if (!original.includes(REPLACED))
        this.error(`Mantine's useId (${id}) no longer sets a random id in an effect: check build/mantine-use-id.ts`);
      return USE_ID_SOURCE;
    },
  };
}
