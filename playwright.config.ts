import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/driver-chromium';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The e2e mail server (e2e/smtp-sink.ts), beside the app's port. */
const SMTP_PORT = PORT + 10_000;
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

/**
 * End-to-end flows in the system Chromium against the built app on a fresh
 * in-memory database (never a downloaded browser).
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  // One retry: on a busy 2-core machine a flow has timed out once in a full run while passing every
  // run alone. A flow that passes only on its retry is listed at the end of `npm test` with its
  // first error, so a flake is seen and worked on; one that fails twice fails the run.
  retries: 1,
  // A flow of 13–16 s alone ran past 30 s beside the other worker on 2 busy cores (Chromium's
  // software rasterizing shares them): parties, products, receipts, keyboard, e-mail flows. The
  // limits leave room for that; a flow that hangs still fails.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records every action's DOM and screencast: recording it for every flow cost Chromium
    // 44 % more CPU (21 flows: 202 s -> 133 s without it). A failed flow is run again with it.
    trace: 'on-first-retry',
    // The app registers a service worker (the driver's offline shell); the office flows run
    // without it so that routed and slowed requests are seen. Route-mode flows allow it.
    serviceWorkers: 'block',
    // The app's theme honours reduced motion: menus, sections and dialogs open without a transition,
    // so a click never lands on something still sliding into place.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /(settings|paper-size)\.spec\.ts/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // Settings change what every list shows (its page size) and every document (its paper): they run
    // alone, after every other flow, and one at a time: each saves the whole Settings form, so two
    // side by side undid each other's change (the page size back to 10 while the other asked 25).
    {
      name: 'settings',
      testMatch: /(settings|paper-size)\.spec\.ts/,
      dependencies: ['chromium'],
      workers: 1,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/smtp-sink.ts',
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { SMTP_SINK_PORT: String(SMTP_PORT) },
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        DATA_DIR: 'memory://',
        DEMO_DATA: '0',
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'Wholesale Desk <desk@wholesale.test>',
      },
    },
  ],
});
