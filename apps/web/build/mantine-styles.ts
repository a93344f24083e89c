import type { Plugin } from 'vite';

/** A Mantine component's class names module (`…/esm/components/Button/Button.module.mjs` → Button). */
const CLASS_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([\w-]+)\.module\.mjs$/;
/** One of Mantine's per-component style sheets (`@mantine/core/styles/Button.css` → Button). */
const STYLE_SHEET = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([\w-]+)\.css$/;
/** The sheets every app needs whatever it draws (the reset, the theme's variables, the global classes). */
const GLOBAL_SHEETS = ['baseline', 'default-css-variables', 'global'];

/**
 * Mantine's style sheets are imported one per component (src/lib/styles.ts), not as the whole
 * `@mantine/core/styles.css`: a phone parses the whole 290 KB before the first screen, though the
 * app draws a third of the components. This check keeps that list exact: the build fails when a
 * component the bundle holds has no style sheet imported (it would show unstyled), or when a sheet
 * is imported for a component the bundle does not hold (parsed for nothing). A component's
 * presence is read from the modules the bundle kept: each Mantine component with styles has a
 * module of its class names, kept only when the component is.
 */
export function mantineStyles(): Plugin {
  return {
    name: 'wd-mantine-styles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const drawn = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(file.modules)) {
          const name = CLASS_MODULE.exec(id)?.[1];
          if (name && module.renderedLength > 0) drawn.add(name);
        }
      }
      const imported = new Set<string>();
      for (const id of this.getModuleIds()) {
        const name = STYLE_SHEET.exec(id)?.[1];
        if (name) imported.add(name);
      }
      const missing = [...drawn].filter((name) => !imported.has(name)).sort();
      const unused = [...imported].filter((name) => !drawn.has(name) && !GLOBAL_SHEETS.includes(name)).sort();
      const globalsMissing = GLOBAL_SHEETS.filter((name) => !imported.has(name));
      const problems = [
        missing.length ? `no style sheet for ${missing.join(', ')} (import @mantine/core/styles/<name>.css)` : '',
        unused.length ? `style sheets of components the app does not draw: ${unused.join(', ')}` : '',
        globalsMissing.length ? `the global sheets are missing: ${globalsMissing.join(', ')}` : '',
      ].filter(Boolean);
      if (problems.length) this.error(`Mantine's style sheets (src/lib/styles.ts): ${problems.join('; ')}`);
    },
  };
}
