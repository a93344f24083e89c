import { PassThrough, type Readable } from 'node:stream';
import {
  type ColumnSpec,
  type ImportEvent,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  importMapping,
  type importOptions,
  suggestMapping,
} from '@wd/contracts';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { tableCsv } from '../../lib/csv.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { type CsvFile, readImportFile } from './csv-file.js';
import { customersImport } from './customers.import.js';
import { importsRepository } from './imports.repository.js';
import { checkMapping, type ImportAdapter, type Plan, planImport, previewOf } from './plan.js';
import { productsImport } from './products.import.js';

type Options = z.output<typeof importOptions>;
// biome-ignore lint/suspicious/noExplicitAny: the engine is generic over each kind's input and record types.
type AnyAdapter = ImportAdapter<any, any, any>;

/** Rows written per step of the progress bar. */
const WRITE_STEP = 500;

const mappingKey = (kind: ImportKind) => `import_mapping_${kind}`;

export function createImportsService(ctx: AppContext) {
  const { db } = ctx;
  const adapters: Record<ImportKind, AnyAdapter> = {
    products: productsImport,
    customers: customersImport(ctx.config.timeZone),
  };

  /** The mapping the last import of this kind used (docs/import.md). */
  async function remembered(kind: ImportKind): Promise<ImportMapping> {
    const value = await importsRepository.mapping(db, mappingKey(kind));
    if (value === undefined) return {};
    const parsed = importMapping.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : {};
  }

  /** The file read, and the mapping: the one sent (checked), else the remembered or suggested one. */
  async function open(kind: ImportKind, data: Buffer, options: Options) {
    const file = await readImportFile(data);
    const adapter = adapters[kind];
    const mapping = options.mapping ?? suggestMapping(kind, file.headings, await remembered(kind));
    // A suggested mapping may miss a key field: the preview shows it; a run refuses it.
    if (options.mapping) checkMapping(kind, mapping, file, adapter.keyFields);
    return { file, adapter, mapping };
  }

  return {
    async preview(kind: ImportKind, data: Buffer, options: Options): Promise<ImportPreview> {
      const { file, adapter, mapping } = await open(kind, data, options);
      const complete = adapter.keyFields.every((k) => mapping[k]);
      if (!complete) {
        return previewOf(file, mapping, {
          rows: [],
          counts: { total: file.rows.length, create: 0, update: 0, unchanged: 0, refuse: 0 },
        });
      }
      return previewOf(file, mapping, await planImport(db, adapter, file, mapping, options.onMatch));
    },

    /** The refused rows as CSV: the line, the row's own cells under the file's headings, and the reasons. */
    async refused(kind: ImportKind, data: Buffer, options: Options) {
      const { file, adapter, mapping } = await open(kind, data, options);
      checkMapping(kind, mapping, file, adapter.keyFields);
      const plan = await planImport(db, adapter, file, mapping, options.onMatch);
      return { fileName: `${kind}-refused-rows.csv`, body: refusedCsv(file, plan) };
    },

    /**
     * The import, as NDJSON events (progress, then the result) on a stream the
     * reply sends while the work goes on. One transaction: the rows are checked
     * in it and written in it, so a failure (even a barcode another user took a
     * moment ago) writes nothing.
     */
    async run(
      kind: ImportKind,
      data: Buffer,
      options: Options,
      user: AuthUser,
      log: (error: unknown) => void,
    ): Promise<Readable> {
      const { file, adapter, mapping } = await open(kind, data, options);
      checkMapping(kind, mapping, file, adapter.keyFields);
      const out = new PassThrough();
      const send = (event: ImportEvent) => out.write(`${JSON.stringify(event)}\n`);
      // The embedded database works in this thread: without a turn of the event loop the
      // progress lines would leave only when the import is over.
      const progress = (event: ImportEvent) => {
        send(event);
        return new Promise<void>((resolve) => setImmediate(resolve));
      };
      const total = file.rows.length;
      (async () => {
        try {
          const result = await db.transaction(async (tx) => {
            // One import of a kind at a time (across instances): two at once would both create the same rows.
            await importsRepository.lockKind(tx, kind);
            const plan = await planImport(
              tx,
              adapter,
              file,
              mapping,
              options.onMatch,
              (done) => progress({ type: 'progress', phase: 'check', done, total }),
              true,
            );
            const { counts } = plan;
            if (options.mode === 'all' && counts.refuse > 0) return { plan, written: false };
            const creates = plan.rows.filter((r) => r.action === 'create');
            const updates = plan.rows.filter((r) => r.action === 'update');
            const writes = creates.length + updates.length;
            let done = 0;
            await progress({ type: 'progress', phase: 'write', done, total: writes });
            for (const [rows, write] of [
              [creates, adapter.create],
              [updates, adapter.update],
            ] as const) {
              for (let i = 0; i < rows.length; i += WRITE_STEP) {
                const step = rows.slice(i, i + WRITE_STEP);
                await write.call(adapter, tx, step, user.id);
                done += step.length;
                await progress({ type: 'progress', phase: 'write', done, total: writes });
              }
            }
            await importsRepository.rememberMapping(tx, mappingKey(kind), JSON.stringify(mapping));
            return { plan, written: true };
          });
          const { counts } = result.plan;
          send({
            type: 'done',
            written: result.written,
            ...counts,
            message: resultMessage(kind, result),
            // Asked again after the run, the rows just written would be refused as duplicates of themselves.
            ...(counts.refuse > 0 ? { refusedCsv: refusedCsv(file, result.plan).toString('utf8') } : {}),
          });
        } catch (error) {
          const message =
            error instanceof AppError
              ? error.message
              : isUniqueViolation(error)
                ? 'Nothing was written: while the import ran, another user saved a record with a barcode of the file. Preview the file again to see which, then import it.'
                : 'The import failed; nothing was written';
          if (!(error instanceof AppError) && !isUniqueViolation(error)) log(error);
          send({ type: 'error', message });
        } finally {
          out.end();
        }
      })();
      return out;
    },
  };
}

function resultMessage(kind: ImportKind, { plan, written }: { plan: Plan<unknown, unknown>; written: boolean }) {
  const { create, update, unchanged, refuse } = plan.counts;
  const noun = kind === 'products' ? 'product' : 'customer';
  const n = (count: number, what: string) => `${count.toLocaleString('en-US')} ${what}`;
  if (!written) {
    return `Nothing was imported: ${n(refuse, refuse === 1 ? 'row was' : 'rows were')} refused. Fix them, or choose to import the valid rows only.`;
  }
  const parts = [`${n(create, `${noun}${create === 1 ? '' : 's'}`)} created`, `${n(update, 'updated')}`];
  if (unchanged) parts.push(`${n(unchanged, 'unchanged')}`);
  if (refuse) parts.push(`${n(refuse, refuse === 1 ? 'row' : 'rows')} refused`);
  return `Imported: ${parts.join(', ')}.`;
}

function refusedCsv(file: CsvFile, plan: Plan<unknown, unknown>): Buffer {
  // The file's own headings over its own cells (as text), between the line number and the reasons.
  const columns: ColumnSpec[] = [
    { key: 'line', title: 'Line', kind: 'count' },
    ...file.headings.map((title, i) => ({ key: `c${i}`, title, kind: 'text' as const })),
    { key: 'reasons', title: 'Reasons', kind: 'text' },
  ];
  const refused = plan.rows.flatMap((r, i) =>
    r.action === 'refuse'
      ? [
          {
            line: r.line,
            ...Object.fromEntries(file.rows[i].cells.map((c, j) => [`c${j}`, c])),
            reasons: r.errors.join('; '),
          },
        ]
      : [],
  );
  return tableCsv({ columns, rows: refused });
}
