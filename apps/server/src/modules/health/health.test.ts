import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';

const t = testApp();

describe('GET /api/health', () => {
  it('answers ok without a token and names the database', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DB_KIND ?? 'pglite' });
  });
});

describe('API conventions', () => {
  it('serves the OpenAPI document from the route schemas', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user/signIn', '/api/user/all']));
    expect(doc.paths['/api/user/signIn'].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
  });

  it('serves the reference page at /api/docs', async () => {
    const res = await t.call('GET', '/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers a JSON 404 for an unknown API path', async () => {
    const res = await t.call('POST', '/api/nothing/here/', {}, t.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/signIn/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('takes an empty JSON body as no body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/all/',
      headers: { 'content-type': 'application/json', token: t.adminToken },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().currentPage).toBe(1);
  });

  it('refuses a body that tries prototype poisoning', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/signIn/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"admin","password":"x","__proto__":{"type":"admin"}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON' });
  });
});
