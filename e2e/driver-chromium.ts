/**
 * The system Chromium every flow runs in (never a downloaded browser), and the switches it starts
 * with: read by playwright.config.ts and by the driver flows that start Chromium themselves
 * (driver-camera.spec.ts, driver-restart.spec.ts). Kept free of test imports so that the config
 * can load it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
