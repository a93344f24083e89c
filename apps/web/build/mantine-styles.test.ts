import { describe, expect, it } from 'vitest';
import { mantineStyles } from './mantine-styles';

const core = '/app/node_modules/@mantine/core';
const classes = (name: string) => `${core}/esm/components/${name}/${name}.module.mjs`;
const sheet = (name: string) => `${core}/styles/${name}.css`;
const globals = ['baseline', 'default-css-variables', 'global'].map(sheet);

/** Runs the check over a bundle holding `kept` (rendered) and `dropped` (tree-shaken) components. */
function check(kept: string[], sheets: string[], dropped: string[] = []) {
  const plugin = mantineStyles();
  const modules = Object.fromEntries([
    ...kept.map((name) => [classes(name), { renderedLength: 120 }]),
    ...dropped.map((name) => [classes(name), { renderedLength: 0 }]),
    ['/app/src/main.tsx', { renderedLength: 900 }],
  ]);
  const bundle = { 'assets/vendor.js': { type: 'chunk', modules }, 'assets/styles.css': { type: 'asset' } };
  const context = {
    getModuleIds: () => [...sheets, '/app/src/main.tsx'][Symbol.iterator](),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const hook = plugin.generateBundle as unknown as (this: typeof context, o: unknown, b: unknown) => void;
  return () => hook.call(context, {}, bundle);
}

describe("Mantine's per-component style sheets", () => {
  it('pass when every component the bundle holds has its sheet and nothing more', () => {
    expect(
      check(['Button', 'UnstyledButton'], [...globals, sheet('Button'), sheet('UnstyledButton')], ['Tabs']),
    ).not.toThrow();
  });

  it('fail the build for a component drawn without its sheet, naming it', () => {
    expect(check(['Button', 'Table'], [...globals, sheet('Button')])).toThrow(/no style sheet for Table/);
  });

  it('fail the build for a sheet of a component the bundle dropped', () => {
    expect(check(['Button'], [...globals, sheet('Button'), sheet('Tabs')], ['Tabs'])).toThrow(
      /components the app does not draw: Tabs/,
    );
  });

  it('fail the build without the global sheets', () => {
    expect(check(['Button'], [sheet('Button')])).toThrow(
      /global sheets are missing: baseline, default-css-variables, global/,
    );
  });
});
