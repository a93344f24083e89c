import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callPath, defineCalls, errorStatuses } from './call.js';

const calls = defineCalls('things', {
  get: {
    method: 'POST',
    path: '/thing/:id',
    summary: 'One',
    params: z.object({ id: z.int() }),
    response: z.object({}),
    errors: [404],
  },
  health: { method: 'GET', path: '/ping', summary: 'Ping', auth: 'public', response: z.object({}) },
  users: {
    method: 'POST',
    path: '/user/all',
    summary: 'Users',
    auth: 'admin',
    body: z.object({}),
    response: z.object({}),
  },
  upload: {
    method: 'POST',
    path: '/thing/logo/:id',
    summary: 'Logo',
    params: z.object({ id: z.int() }),
    response: z.object({}),
    errors: [413, 415],
    multipart: { file: 'logo', fileRequired: true },
  },
});

describe('defineCalls', () => {
  it('completes each call with the area tag and the defaults', () => {
    expect(calls.get).toMatchObject({ tag: 'things', auth: 'user', method: 'POST', path: '/thing/:id' });
    expect(calls.health.errors).toEqual([]);
  });
});

describe('errorStatuses', () => {
  it('adds 400 for input, 401 for signed-in calls and 403 for admin calls', () => {
    expect(errorStatuses(calls.get)).toEqual([400, 401, 404]);
    expect(errorStatuses(calls.health)).toEqual([]);
    expect(errorStatuses(calls.users)).toEqual([400, 401, 403]);
    expect(errorStatuses(calls.upload)).toEqual([400, 401, 413, 415]);
  });
});

describe('callPath', () => {
  it('fills parameters, encodes them and keeps the trailing slash', () => {
    expect(callPath(calls.get, { id: 5 })).toBe('thing/5/');
    expect(callPath({ path: '/images/:file' }, { file: 'a b/c' })).toBe('images/a%20b%2Fc/');
    expect(callPath(calls.health)).toBe('ping/');
  });

  it('refuses a missing parameter instead of calling a wrong path', () => {
    expect(() => callPath(calls.get, {})).toThrow('/thing/:id: missing id');
    expect(() => callPath(calls.get, { id: '' })).toThrow('missing id');
  });
});
