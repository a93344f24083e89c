import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useScanQueue } from './useScanQueue';

describe('useScanQueue', () => {
  it('tells each scan its outcome in order (the scan sound): landed, failed, landed', async () => {
    const onScan = vi.fn(async ({ lookup }: { lookup?: string }) =>
      lookup === 'nope' ? { message: 'No product has this barcode', matches: [], retry: false } : null,
    );
    const onResult = vi.fn();
    const { result } = renderHook(() => useScanQueue(onScan as never, onResult));
    act(() => {
      result.current.scan('049000028911');
      result.current.scan('nope');
      result.current.scan('5012345678900');
    });
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(3));
    expect(onResult.mock.calls.map((c) => c[0])).toEqual(['landed', 'failed', 'landed']);
    expect(result.current.failures.map((f) => f.text)).toEqual(['nope']);
  });
});
