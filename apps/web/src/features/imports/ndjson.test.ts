import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// lib/session reads local storage and listens to the window when it loads.
vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
vi.stubGlobal('window', { addEventListener: () => {} });

let ndjson: typeof import('../../lib/ndjson');
let client: typeof import('../../lib/api-client');
beforeAll(async () => {
  ndjson = await import('../../lib/ndjson');
  client = await import('../../lib/api-client');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal('window', { addEventListener: () => {} });
});

/** A response whose body arrives in these chunks, then ends (or breaks). */
function streamed(chunks: string[], breakAtEnd = false): Response {
  const bytes = new TextEncoder();
  const queue = [...chunks];
  const body = new ReadableStream<Uint8Array>({
    // One chunk a read, as a network would give them; the break comes after the last.
    pull(controller) {
      const next = queue.shift();
      if (next !== undefined) controller.enqueue(bytes.encode(next));
      else if (breakAtEnd) controller.error(new Error('connection reset'));
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
}

async function read(response: Response | Promise<never>) {
  const fetch = vi.fn(() => response);
  vi.stubGlobal('fetch', fetch);
  const lines: unknown[] = [];
  let error: unknown = null;
  try {
    await ndjson.postNdjson('import/products/run/', new FormData(), (line) => lines.push(line));
  } catch (e) {
    error = e;
  }
  return { lines, error, fetch };
}

describe('postNdjson', () => {
  it('hands on each line as it is complete: split across chunks, CRLF, blank lines, a last line without newline', async () => {
    const { lines, error, fetch } = await read(
      streamed(['{"type":"progress","do', 'ne":1}\r\n\n{"a":2}\n{"b"', ':"é"}']),
    );
    expect(error).toBeNull();
    expect(lines).toEqual([{ type: 'progress', done: 1 }, { a: 2 }, { b: 'é' }]);
    expect(fetch).toHaveBeenCalledWith('/api/import/products/run/', expect.objectContaining({ method: 'POST' }));
  });

  it('keeps a multi-byte character cut between chunks whole', async () => {
    const bytes = new TextEncoder().encode('{"c":"€"}\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7));
        controller.enqueue(bytes.slice(7));
        controller.close();
      },
    });
    const { lines } = await read(new Response(body));
    expect(lines).toEqual([{ c: '€' }]);
  });

  it("a non-OK answer is an ApiError with the server's message and status", async () => {
    const { lines, error } = await read(
      new Response(JSON.stringify({ message: 'Map a column to Barcode', field: 'mapping' }), { status: 400 }),
    );
    expect(lines).toEqual([]);
    expect(error).toBeInstanceOf(client.ApiError);
    expect((error as InstanceType<typeof client.ApiError>).message).toBe('Map a column to Barcode');
    expect((error as InstanceType<typeof client.ApiError>).status).toBe(400);
  });

  it('no answer at all is a NetworkError', async () => {
    const { error } = await read(Promise.reject(new TypeError('failed to fetch')));
    expect(error).toBeInstanceOf(client.NetworkError);
  });

  it('a connection that breaks mid-way is a StreamEndedError after the complete lines, never a cut one', async () => {
    const { lines, error } = await read(streamed(['{"a":1}\n{"type":"do'], true));
    expect(lines).toEqual([{ a: 1 }]);
    expect(error).toBeInstanceOf(ndjson.StreamEndedError);
  });

  it('a last line cut short (the body ended inside it) is a StreamEndedError, not a line', async () => {
    const { lines, error } = await read(streamed(['{"a":1}\n{"type":"do']));
    expect(lines).toEqual([{ a: 1 }]);
    expect(error).toBeInstanceOf(ndjson.StreamEndedError);
  });
});
