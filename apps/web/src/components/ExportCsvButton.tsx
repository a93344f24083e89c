import { Button } from '@mantine/core';
import type { CallRoute } from '@wd/contracts';
import { callPath } from '@wd/contracts';
import { useState } from 'react';
import { showAlert } from '../lib/alert';
import { errorMessage, fetchFile, saveBlob } from '../lib/api-client';

/**
 * Export CSV (docs/export.md): `run` fetches and saves the file; the button
 * spins meanwhile and a failure is an alert, never a silent nothing.
 */
export function ExportCsvButton({ run }: { run: () => Promise<unknown> }) {
  const [exporting, setExporting] = useState(false);
  const click = async () => {
    setExporting(true);
    try {
      await run();
    } catch (error) {
      showAlert(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="light" loading={exporting} onClick={click}>
      Export CSV
    </Button>
  );
}

/** A list's CSV under its current filter and sort (paging left out: every matching row), saved as a download. */
export async function downloadListCsv(
  call: CallRoute,
  filter: Record<string, unknown>,
  params?: Record<string, unknown>,
) {
  const { currentPage: _page, resultsPerPage: _size, ...rest } = filter;
  const { blob, filename } = await fetchFile(callPath(call, params), 'export.csv', rest);
  saveBlob(blob, filename);
}
