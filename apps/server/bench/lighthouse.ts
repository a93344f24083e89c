// Lighthouse (its default config: the mobile form factor, simulated throttling) on the
// invoice list, signed in, beside the sign-in page from the same run. The system Chromium
// is started here with a remote-debugging port: Playwright signs in through it (the session
// lands in the browser's local storage) and Lighthouse audits a new tab of the same
// browser without resetting that storage. Before each audit the HTTP cache, the service
// worker and its caches are cleared, so every run is a first load with a session.
// Runs where bench/browser.ts runs (a built web app and Chromium).
//   LH_RUNS        audits of each page (default 3); the median is printed
//   LH_REPORT_DIR  where each run's full report (JSON) is written (default: a temp folder)
//   LH_TRACE=1     the trace of each run too (<name>.trace.json, for the browser's Performance panel)
//   LH_CPU         the CPU slowdown Lighthouse simulates (default: its own, 4). Lighthouse's 4 is
//                  meant for a fast desktop host; each audit prints the host's benchmark index
//                  (Lighthouse's measure of this machine's speed) so a run can be read beside it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { type Browser, chromium } from 'playwright-core';
import { browserArgs, browserPath } from './browser.js';

const FLAGS = ['--headless=new', ...browserArgs];

/** The figures of one audit. */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Transferred bytes of scripts and of style sheets. */
  js: number;
  css: number;
  /** The 1-minute load average when the audit ended. */
  load: number;
  /** Lighthouse's benchmark index of this machine during the audit (higher is faster). */
  benchmarkIndex: number;
}

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const audit = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function figures(lhr: Result): LighthouseFigures {
  const items = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const bytes = (type: string) => items?.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    fcp: audit(lhr, 'first-contentful-paint'),
    lcp: audit(lhr, 'largest-contentful-paint'),
    tbt: audit(lhr, 'total-blocking-time'),
    cls: audit(lhr, 'cumulative-layout-shift'),
    js: bytes('script'),
    css: bytes('stylesheet'),
    load: loadavg()[0],
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Starts Chromium with a debugging port in a fresh profile; resolves the port it chose. */
async function startChromium(profile: string): Promise<{ proc: ChildProcess; port: number }> {
  const proc = spawn(
    browserPath,
    [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 200; i += 1) {
    try {
      const port = Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
      if (port > 0) return { proc, port };
    } catch {
      // Not written yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  proc.kill();
  throw new Error('Chromium did not open its debugging port');
}

/** Empties the HTTP cache and removes the service worker and its caches; the local storage stays. */
async function coldStart(browser: Browser, origin: string) {
  const context = browser.contexts()[0];
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
  await page.goto('about:blank');
}

async function auditPage(url: string, port: number, name: string, reports: string) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    disableStorageReset: true,
    ...(process.env.LH_CPU ? { throttling: { cpuSlowdownMultiplier: Number(process.env.LH_CPU) } } : {}),
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  writeFileSync(join(reports, `${name}.json`), JSON.stringify(lhr));
  if (process.env.LH_TRACE === '1')
    writeFileSync(join(reports, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  return figures(lhr);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Each figure's median over the runs. */
export function medianOf(runs: LighthouseFigures[]): LighthouseFigures {
  const keys = Object.keys(runs[0]) as (keyof LighthouseFigures)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as LighthouseFigures;
}

/** Lighthouse on the sign-in page (a guest) and on /invoices (signed in), `runs` times each. */
export async function lighthouseBench(opts: { address: string; user: string; password: string; runs?: number }) {
  const { address, runs = Number(process.env.LH_RUNS ?? 3) } = opts;
  const origin = new URL(address).origin;
  const reports = process.env.LH_REPORT_DIR ?? join(tmpdir(), 'wd-lighthouse');
  mkdirSync(reports, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'wd-lh-profile-'));
  const { proc, port } = await startChromium(profile);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const results = { signin: [] as LighthouseFigures[], invoices: [] as LighthouseFigures[] };
  try {
    for (let i = 0; i < runs; i += 1) {
      await coldStart(browser, origin);
      results.signin.push(await auditPage(`${address}/signin`, port, `signin-${i + 1}`, reports));
    }
    const page = browser.contexts()[0].pages()[0];
    await page.goto(`${address}/signin`);
    await page.getByLabel('Username').fill(opts.user);
    await page.getByLabel('Password', { exact: true }).fill(opts.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('user-name').waitFor({ state: 'attached' });
    // The list drawn once, as a clerk has seen it before: its title is what the frame index.html
    // paints before the scripts shows on the next load (src/lib/app-shell.ts in the web app).
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    for (let i = 0; i < runs; i += 1) {
      await coldStart(browser, origin);
      results.invoices.push(await auditPage(`${address}/invoices`, port, `invoices-${i + 1}`, reports));
    }
  } finally {
    await browser.close().catch(() => undefined);
    if (proc.exitCode === null) {
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill();
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  }
  return { ...results, reports };
}

const HEAD = ['perf', 'a11y', 'b-p', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS KB', 'CSS KB', 'load', 'bench'];

function line(name: string, f: LighthouseFigures) {
  const cells = [
    f.performance,
    f.accessibility,
    f.bestPractices,
    Math.round(f.fcp),
    Math.round(f.lcp),
    Math.round(f.tbt),
    f.cls.toFixed(3),
    (f.js / 1024).toFixed(0),
    (f.css / 1024).toFixed(0),
    f.load.toFixed(2),
    Math.round(f.benchmarkIndex),
  ];
  console.log(name.padEnd(30), ...cells.map((c) => String(c).padStart(7)));
}

/** Prints every run and the medians (load: the 1-minute load average at the end of each audit). */
export function printLighthouse(r: Awaited<ReturnType<typeof lighthouseBench>>) {
  const cpu = process.env.LH_CPU ? `${process.env.LH_CPU}× CPU` : "Lighthouse's 4× CPU";
  console.log(`\nLighthouse (mobile, simulated throttling, ${cpu}; bench: the host's benchmark index)`);
  console.log(''.padEnd(30), ...HEAD.map((h) => h.padStart(7)));
  for (const [name, runs] of [
    ['/signin (guest, baseline)', r.signin],
    ['/invoices (signed in)', r.invoices],
  ] as const) {
    for (const [i, f] of runs.entries()) line(`  ${name} run ${i + 1}`, f);
    line(`${name} median`, medianOf(runs));
  }
  console.log(`(KB transferred; reports in ${r.reports})`);
}
