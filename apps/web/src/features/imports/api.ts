import { useQueryClient } from '@tanstack/react-query';
import {
  type CallRoute,
  callPath,
  callRoutes,
  type ImportEvent,
  type ImportKind,
  type ImportOptions,
  type ImportPreview,
} from '@wd/contracts';
import { useCallback } from 'react';
import { callApi, fetchFile, saveBlob } from '../../lib/api-client';
import { postNdjson } from '../../lib/ndjson';
import { keys } from '../../lib/query-keys';

const { importCalls } = callRoutes;

/** Import products or customers from CSV (docs/import.md): preview, refused rows, run. */

/** The multipart body of an import call: the options as its JSON part, the file as its file part. */
function importForm(call: CallRoute, file: File, options: ImportOptions): FormData {
  const form = new FormData();
  const spec = call.multipart;
  if (!spec?.json) throw new Error(`${call.path} is not a multipart call`);
  form.append(spec.json, JSON.stringify(options));
  form.append(spec.file, file, file.name);
  return form;
}

/** The file's headings, the mapping (the one sent, else the remembered or suggested one) and the first rows' results. */
export function previewImport(kind: ImportKind, file: File, options: ImportOptions): Promise<ImportPreview> {
  return callApi(importCalls.preview, { params: { kind }, body: options, file });
}

/**
 * The refused rows (line, cells, reasons) as a CSV file, as the database
 * stands now: asked before a run, since after it the rows just written would
 * read as duplicates of themselves.
 */
export function fetchRefused(
  kind: ImportKind,
  file: File,
  options: ImportOptions,
): Promise<{ blob: Blob; filename: string }> {
  return fetchFile(
    `/api/${callPath(importCalls.refused, { kind })}`,
    `${kind}-refused-rows.csv`,
    importForm(importCalls.refused, file, options),
  );
}

/** Saves the refused rows as a CSV download. */
export async function downloadRefused(kind: ImportKind, file: File, options: ImportOptions): Promise<void> {
  const { blob, filename } = await fetchRefused(kind, file, options);
  saveBlob(blob, filename);
}

/**
 * Runs the import: `onEvent` gets each progress line and then the result
 * (or the error). Once it has run, the area's lists and records are stale.
 */
export function useRunImport(kind: ImportKind) {
  const client = useQueryClient();
  return useCallback(
    async (file: File, options: ImportOptions, onEvent: (event: ImportEvent) => void) => {
      try {
        await postNdjson<ImportEvent>(
          callPath(importCalls.run, { kind }),
          importForm(importCalls.run, file, options),
          onEvent,
        );
      } finally {
        // Whatever happened, show the lists as they are now.
        await client.invalidateQueries({ queryKey: keys[kind].all });
      }
    },
    [client, kind],
  );
}
