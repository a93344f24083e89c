import { describe, expect, it } from 'vitest';
import { zodFreePages } from './zod-free-pages';

const zodModule = '/app/node_modules/zod/v4/classic/schemas.js';
const page = '/app/src/features/invoices/pages/InvoicesListPage.tsx';

/** Runs the check over a bundle: an entry, a page importing `shared`, and a zod chunk. */
function check(sharedImports: string[], pageImports: string[] = ['assets/shared.js']) {
  const bundle = {
    'assets/main.js': { type: 'chunk', isEntry: true, facadeModuleId: '/app/src/main.tsx', imports: [], modules: {} },
    'assets/page.js': { type: 'chunk', facadeModuleId: page, imports: pageImports, modules: { [page]: {} } },
    'assets/shared.js': { type: 'chunk', imports: sharedImports, modules: { '/app/src/lib/x.ts': {} } },
    'assets/zod.js': { type: 'chunk', imports: [], modules: { [zodModule]: {} } },
    'assets/form.js': {
      type: 'chunk',
      facadeModuleId: '/app/src/features/users/pages/UserFormPage.tsx',
      imports: ['assets/zod.js'],
      modules: {},
    },
  };
  return run(['features/invoices/pages/InvoicesListPage.tsx'], bundle);
}

/** The plugin's check over `bundle`, for `pages`, as a function that throws the build's error. */
function run(pages: string[], bundle: unknown) {
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const hook = zodFreePages(pages).generateBundle as unknown as (this: typeof context, o: unknown, b: unknown) => void;
  return () => hook.call(context, {}, bundle);
}

describe('pages that load no zod', () => {
  it('pass when zod is only in chunks other pages import', () => {
    expect(check([])).not.toThrow();
  });

  it('fail the build when a chunk the page imports, at any depth, imports zod', () => {
    expect(check(['assets/zod.js'])).toThrow(/InvoicesListPage\.tsx loads zod at once \(assets\/zod\.js holds .*zod/);
  });

  it('fail the build when the page named is not in the bundle', () => {
    expect(run(['features/nothing/Page.tsx'], {})).toThrow(/no chunk for features\/nothing\/Page\.tsx/);
  });
});
