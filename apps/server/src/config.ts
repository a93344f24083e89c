import { z } from 'zod';

/** How often an instance folds the roll-ups' deltas in the background by default. */
const FOLD_EVERY_MS = 1_000;

const flag = z.enum(['0', '1', 'true', 'false', '']).transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  ADMIN_PASSWORD: z.string().optional(),
  DEMO_DATA: flag.default(true),
  DEMO_SEED: z.coerce.number().int().default(1),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  TZ: z.string().default('America/Chicago'),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag.default(false),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections each instance keeps (DB_POOL_SIZE). */
  dbPoolSize: number;
  /**
   * 'transaction': DATABASE_URL is a connection pooler in transaction mode (PgBouncer), which
   * may give each transaction another server connection: no named prepared statements then.
   */
  databasePooler: 'none' | 'transaction';
  adminPassword?: string;
  demoData: boolean;
  demoSeed: number;
  /** The mail server (smtp://user:pass@host:587 or smtps://…); unset: messages wait in the outbox. */
  smtpUrl?: string;
  /** The sender address of e-mailed invoices when the settings name none (docs/settings.md). */
  mailFrom: string;
  timeZone: string;
  sessionIdleMs: number;
  /**
   * How long an instance trusts a session it has checked (SESSION_CACHE_SECONDS; 0: never). A
   * sign-out, a new password or a changed user on this instance drops it at once; on another
   * instance it holds until this runs out. Admin-only calls always check.
   */
  sessionCacheMs: number;
  logLevel: string;
  /** Folder of the built web app; served when it exists. */
  webDist?: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (off by default, so it can not be spoofed). */
  trustProxy: boolean;
  /** scrypt cost (N); lowered only by tests to keep them quick. */
  scryptN: number;
  /**
   * How often the instance folds the roll-ups' pending deltas in the background (ms); 0: never
   * (readers still fold before they read). Off only in tests that must read deltas still pending.
   */
  foldEveryMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const text = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${text}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    dbPoolSize: e.DB_POOL_SIZE,
    databasePooler: e.DATABASE_POOLER,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    demoData: e.DEMO_DATA,
    demoSeed: e.DEMO_SEED,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM || 'Wholesale Desk <invoices@localhost>',
    timeZone: e.TZ,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3_600_000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    scryptN: 2 ** 15,
    foldEveryMs: FOLD_EVERY_MS,
  };
}

/** Defaults for tests and tools that build an app without reading the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '',
    dbPoolSize: 10,
    databasePooler: 'none',
    demoData: false,
    demoSeed: 1,
    timeZone: 'America/Chicago',
    sessionIdleMs: 12 * 3_600_000,
    sessionCacheMs: 5000,
    logLevel: 'silent',
    mailFrom: 'Wholesale Desk <desk@wholesale.test>',
    trustProxy: false,
    scryptN: 2 ** 10,
    foldEveryMs: FOLD_EVERY_MS,
    ...overrides,
  };
}
