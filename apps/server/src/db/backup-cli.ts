import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { BackupError, backup, defaultBackupFile, restore } from './backup.js';
import { DataDirLockedError } from './lock.js';

/**
 * `npm run backup -- [file]` and `npm run restore -- <file> [--force]` on the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR): docs/operations.md.
 * A file name is taken from the folder the command was typed in.
 */
const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const fileArg = rest.find((a) => !a.startsWith('--'));
const here = process.env.INIT_CWD ?? process.cwd();
const config = loadConfig();
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
const where = config.databaseUrl
  ? 'the PostgreSQL database of DATABASE_URL'
  : `the embedded database in ${resolve(config.dataDir)}`;

try {
  if (command === 'backup') {
    const file = resolve(here, fileArg ?? defaultBackupFile(config.databaseUrl ? 'postgres' : 'pglite'));
    await backup(target, file);
    const mb = (statSync(file).size / 1e6).toFixed(1);
    console.log(`Backed up ${where} to ${file} (${mb} MB).`);
  } else if (command === 'restore' && fileArg) {
    const file = resolve(here, fileArg);
    await restore(target, file, { force });
    console.log(
      `Restored ${file} into ${where}. Start the server on it as usual (it migrates a backup from an older version).`,
    );
  } else {
    console.error('Usage: npm run backup -- [file]   |   npm run restore -- <file> [--force]');
    process.exitCode = 2;
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nThe embedded database is backed up and restored while no server has it open: stop the server, run the command again, then start the server.`,
    );
  } else if (error instanceof BackupError) {
    console.error(error.message);
  } else {
    throw error;
  }
  process.exitCode = 1;
}
