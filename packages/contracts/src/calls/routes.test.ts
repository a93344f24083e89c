import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Call } from '../common/call.js';
import { invoiceCalls, userCalls } from './index.js';
import { callRoutes } from './routes.js';
import { renderCallRoutes } from './routes-render.js';

describe('callRoutes', () => {
  it('is current with the table of calls (else run `npm run calls:routes`)', () => {
    expect(readFileSync(new URL('./routes.ts', import.meta.url), 'utf8')).toBe(renderCallRoutes());
  });

  it("holds each call's method, path, auth, reads and multipart parts", () => {
    const pick = ({ method, path, auth, reads, multipart }: Call) => ({
      method,
      path,
      auth,
      reads,
      ...(multipart ? { multipart } : {}),
    });
    expect(callRoutes.invoiceCalls.items).toEqual(pick(invoiceCalls.items));
    expect(callRoutes.userCalls.signIn).toEqual(pick(userCalls.signIn));
    expect(callRoutes.userCalls.signIn.auth).toBe('public');
  });
});
