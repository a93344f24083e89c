import { defineCalls } from '@wd/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '../plugins/errors.js';
import { dataExceptionMessage, isUniqueViolation, sqlState } from './db-errors.js';
import { registerCalls } from './routes.js';

/** A database error as drivers throw it (SQLSTATE in `code`), wrapped by Drizzle in `cause`. */
const dbError = (code: string) =>
  Object.assign(new Error('Failed query: insert … params: 99999999999'), {
    cause: Object.assign(new Error('value "99999999999" is out of range for type integer'), { code }),
  });

describe('database errors', () => {
  it('read the SQLSTATE through wrappers', () => {
    expect(sqlState(dbError('22003'))).toBe('22003');
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState({ code: 'ERR_SOMETHING' })).toBeUndefined();
    expect(isUniqueViolation(dbError('23505'))).toBe(true);
  });

  it('word a data exception without its values, and leave other errors alone', () => {
    expect(dataExceptionMessage(dbError('22003'))).toBe('A number in the request is too large to store');
    expect(dataExceptionMessage(dbError('22021'))).toBe('The request holds text that can not be stored');
    expect(dataExceptionMessage(dbError('22P05'))).toBe('The request holds text that can not be stored');
    expect(dataExceptionMessage(dbError('22008'))).toBe('A value in the request can not be stored');
    expect(dataExceptionMessage(dbError('23505'))).toBeUndefined();
    expect(dataExceptionMessage(dbError('40001'))).toBeUndefined();
  });

  it('a data exception a schema let through answers 400 { message }, any other failure 500', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    const calls = defineCalls('probe', {
      overflow: { method: 'POST', path: '/overflow', summary: 'x', auth: 'public', response: z.object({}) },
      broken: { method: 'POST', path: '/broken', summary: 'x', auth: 'public', response: z.object({}) },
    });
    registerCalls(app, calls, {
      overflow: () => Promise.reject(dbError('22003')),
      broken: () => Promise.reject(dbError('42P01')),
    });
    const overflow = await app.inject({ method: 'POST', url: '/overflow' });
    expect(overflow.statusCode).toBe(400);
    expect(overflow.json()).toEqual({ message: 'A number in the request is too large to store' });
    const broken = await app.inject({ method: 'POST', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.body).not.toContain('99999999999');
    await app.close();
  });
});
