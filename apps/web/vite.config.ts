import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lateScripts } from './build/late-scripts';
import { mantineStyles } from './build/mantine-styles';
import { mantineUseId } from './build/mantine-use-id';
import { zodFreePages } from './build/zod-free-pages';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Whether a module id is a script of one of these packages (names as in node_modules, scoped ones
 * whole). Style sheets stay with the module that imports them.
 */
const inPackages = (names: string[]) => (id: string) => {
  const path = id.replaceAll('\\', '/');
  return !path.endsWith('.css') && names.some((name) => path.includes(`/node_modules/${name}/`));
};
const appSource = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/**
 * A few larger chunks instead of a hundred small ones: on a phone each request costs a round trip,
 * and HTTP/1.1 opens six at a time. The frame's libraries (React, the router, Mantine, React Query)
 * load with the first page; the schemas and the date inputs load once each, with the first screen
 * that needs them.
 */
const chunkGroups = [
  {
    name: 'vendor',
    priority: 40,
    test: inPackages([
      'react',
      'react-dom',
      'scheduler',
      'react-router',
      '@tanstack/react-query',
      '@tanstack/query-core',
      '@mantine/core',
      '@mantine/hooks',
      '@mantine/modals',
      '@mantine/notifications',
      '@floating-ui',
      'react-remove-scroll',
      'react-remove-scroll-bar',
      'react-style-singleton',
      'use-callback-ref',
      'use-sidecar',
      'get-nonce',
      'react-transition-group',
      'clsx',
      'tslib',
      '@babel/runtime',
      'react-number-format',
      'react-textarea-autosize',
      'use-composed-ref',
      'use-isomorphic-layout-effect',
      'use-latest',
    ]),
  },
  // zod itself, which every screen's schemas need; the schemas go with the screens that use them.
  { name: 'zod', priority: 35, test: inPackages(['zod']) },
  { name: 'dates', priority: 35, test: inPackages(['@mantine/dates', 'dayjs']) },
  // The app's modules that the entry imports (the frame, the routes, the session): taken before the
  // group below, so the first screen does not wait for the building blocks only pages use.
  { name: 'start', priority: 30, tags: ['$initial' as const], test: appSource },
  // The app's own building blocks (lists, tables, forms, formats) that many screens share.
  { name: 'shared', priority: 10, minShareCount: 3, test: /[\\/]apps[\\/]web[\\/]src[\\/](components|lib)[\\/]/ },
];

/**
 * Writes `.br` and `.gz` beside every built JS and CSS file so the server
 * (@fastify/static `preCompressed`) sends them without compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'wd-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const data = await readFile(path);
          await writeFile(
            `${path}.br`,
            await brotli(data, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
          );
          await writeFile(`${path}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The style sheets of a module that main.tsx imports dynamically (`entry`: the global style
 * sheets) are asked for by index.html at once, beside the entry script, with `preload`: unlike a
 * stylesheet link it does not hold the first paint.
 */
function preloadStyles(entry: string): Plugin {
  return {
    name: 'wd-preload-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const sheets = Object.values(bundle ?? {}).filter(
          (file) => file.type === 'asset' && file.fileName.endsWith('.css') && file.originalFileNames.includes(entry),
        );
        if (sheets.length === 0) throw new Error(`preloadStyles: no style sheet of ${entry}`);
        return sheets.map((sheet) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${sheet.fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    mantineStyles(),
    mantineUseId(),
    precompress(),
    preloadStyles('src/lib/styles.ts'),
    lateScripts(),
    // The start-up, the office's first screen and the driver's phone screens draw without zod
    // (build/zod-free-pages.ts).
    zodFreePages([
      'features/invoices/pages/InvoicesListPage.tsx',
      'features/products/pages/ProductsListPage.tsx',
      'features/driver/pages/DriverHomePage.tsx',
      'features/driver/pages/StopPage.tsx',
      'features/invoices/pages/EditInvoicePage.tsx',
    ]),
    // The installable app (docs/route-mode.md): Workbox precaches the app shell (every built page,
    // script and style) so the driver's screens open with no signal; data lives in IndexedDB.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: {
        name: 'Wholesale Desk',
        short_name: 'Wholesale Desk',
        description: "Invoices, payments and the driver's route, with or without signal",
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The API, stored files and images are never answered from the cache.
        navigateFallbackDenylist: [/^\/api\//, /^\/images\//, /^\/files\//, /^\/docs/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
});
