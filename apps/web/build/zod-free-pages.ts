import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk' | 'asset';
  imports?: string[];
  isEntry?: boolean;
  facadeModuleId?: string | null;
  modules?: Record<string, unknown>;
}

/** Whether a module id is one of zod's own modules. */
const isZod = (id: string) => id.replaceAll('\\', '/').includes('/node_modules/zod/');

/**
 * Fails the build when the entry, or a page named here, loads zod before it is drawn: the chunks it
 * imports statically (not those it asks for later with `import()`) hold a zod module. Validation is
 * needed by forms; a page that only lists data would pay for zod's set-up and its schemas in the
 * first, longest task of a phone's load. Contracts modules without zod hold what such a page needs
 * (packages/contracts/src/common/zod.ts says which), and the web app makes its calls through the
 * schema-free `callRoutes`.
 */
export function zodFreePages(pages: string[]): Plugin {
  return {
    name: 'wd-zod-free-pages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = bundle as unknown as Record<string, ChunkLike>;
      const roots = Object.entries(chunks).filter(
        ([, chunk]) =>
          chunk.type === 'chunk' &&
          (chunk.isEntry || pages.some((page) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(page))),
      );
      const found = new Set(roots.map(([, chunk]) => chunk.facadeModuleId));
      const missing = pages.filter((page) => ![...found].some((id) => id?.replaceAll('\\', '/').endsWith(page)));
      if (missing.length > 0) this.error(`zodFreePages: no chunk for ${missing.join(', ')}`);
      for (const [name, root] of roots) {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          const chunk = chunks[file];
          if (chunk?.type !== 'chunk') return;
          const zod = Object.keys(chunk.modules ?? {}).find(isZod);
          if (zod) this.error(`zodFreePages: ${root.facadeModuleId ?? name} loads zod at once (${file} holds ${zod})`);
          for (const next of chunk.imports ?? []) visit(next);
        };
        visit(name);
      }
    },
  };
}
