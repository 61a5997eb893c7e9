/**
 * Issue 9 item 3: bad input answers a clear 4xx naming the field, never a 5xx, on SQLite and
 * PostgreSQL (a NUL byte reaching PostgreSQL failed with `invalid byte sequence for encoding
 * "UTF8": 0x00`); the OAuth endpoints answer RFC 6749 `invalid_request` naming the parameter,
 * before the rate limits (a 3 KB username overflowed their index); a method a path has no route
 * for answers 405 with `Allow`; a NUL in an API URL answers 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dbKinds, TEST_OAUTH_CLIENT, type TestApp } from '@store/testing';
import { ADDRESSES, commerce, signUpCustomer, type TestCustomer } from './support/commerce.ts';

const TOKEN_URL = '/authorizationserver/oauth/token';
const form = (values: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});
const client = { client_id: TEST_OAUTH_CLIENT.clientId, client_secret: TEST_OAUTH_CLIENT.clientSecret };

interface OccBody {
  errors: Array<{ type: string; reason?: string; subject?: string; message: string }>;
}

describe.each(dbKinds())('bad input on %s', (kind) => {
  let t: TestApp;
  let customer: TestCustomer;
  const auth = () => ({ authorization: `Bearer ${t.token}` });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    customer = await signUpCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /products/%00 answers 400 naming `code` (was 500 on PostgreSQL)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json<OccBody>().errors).toEqual([
      expect.objectContaining({ type: 'ValidationError', reason: 'invalidCharacters', subject: 'code', message: 'must not contain control characters' }),
    ]);
    const long = await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/products/${'A'.repeat(65)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json<OccBody>().errors).toEqual([expect.objectContaining({ reason: 'tooLong', subject: 'code', message: 'must be at most 64 characters' })]);
  });

  it('query parameters and C1 control characters are refused too, naming the parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/search?term=cof%C2%85fee' });
    expect(res.statusCode).toBe(400);
    expect(res.json<OccBody>().errors).toEqual([expect.objectContaining({ reason: 'invalidCharacters', subject: 'term' })]);
    const codes = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/productCodesData?productCodes=A,%00' });
    expect(codes.statusCode).toBe(400);
    expect(codes.json<OccBody>().errors[0]).toMatchObject({ subject: 'productCodes' });
  });

  it('sign-up with a NUL in the first name, an over-long last name and password answers 400 per field and creates nothing', async () => {
    const email = `nul-${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/v2/usb2c/users',
      headers: auth(),
      payload: { email, password: `Brew2026${'x'.repeat(130)}`, firstName: 'Ada\u0000', lastName: 'L'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json<OccBody>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: 'firstName', reason: 'invalidCharacters' }),
        expect.objectContaining({ subject: 'lastName', reason: 'tooLong' }),
        // ADR 0007's policy reason is kept
        expect.objectContaining({ subject: 'password', reason: 'passwordTooLong', message: 'Password must be at most 128 characters long' }),
      ]),
    );
    const row = await t.dbh.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('an address with a NUL or a control character answers 400 naming the field and stores nothing', async () => {
    const before = await customer.customer.listAddresses('usb2c');
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/v2/usb2c/users/current/addresses',
      headers: { authorization: customer.auth },
      payload: { ...ADDRESSES.NY, line1: '1 Main\u0000Street', city: 'Al\u001bbany' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<OccBody>().errors.map((e) => [e.subject, e.reason])).toEqual([
      ['line1', 'invalidCharacters'],
      ['city', 'invalidCharacters'],
    ]);
    expect((await customer.customer.listAddresses('usb2c')).pagination.totalResults).toBe(before.pagination.totalResults);

    const cart = await commerce(t).addToCart('usb2c', { productCode: 'BH-SIGNATURE-DARK-24' });
    const delivery = await t.app.inject({
      method: 'PUT',
      url: `/rest/v2/usb2c/users/anonymous/carts/${cart.cartGuid}/addresses/delivery`,
      headers: auth(),
      payload: { ...ADDRESSES.NY, firstName: 'A'.repeat(51) },
    });
    expect(delivery.statusCode).toBe(400);
    expect(delivery.json<OccBody>().errors).toEqual([expect.objectContaining({ subject: 'firstName', reason: 'tooLong', message: 'must be at most 50 characters' })]);
  });

  it('a product code with a NUL answers 400 naming productCode', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/users/anonymous/addProductToCart', headers: auth(), payload: { productCode: 'BH-\u0000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<OccBody>().errors).toEqual([expect.objectContaining({ subject: 'productCode', reason: 'invalidCharacters' })]);
  });

  it('a 3 KB username in the password grant answers 400 invalid_request naming it, before the rate limits', async () => {
    const rows = async () => Number((await t.dbh.db.selectFrom('rate_limit_hits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await rows();
    const username = `${'a'.repeat(3000)}@example.com`;
    const res = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'password', username, password: 'Brew2026coffee', ...client }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'username: must be at most 254 characters' });
    expect(await rows()).toBe(before);
    const nul = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'password', username: 'a\u0000@example.com', password: 'x', ...client }) });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ error: 'invalid_request', error_description: 'username: must not contain control characters' });
    expect(await rows()).toBe(before);
  });

  it('every OAuth parameter is bounded and clean: client_id, client_secret (body or HTTP Basic), refresh_token, scope, token', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ grant_type: 'client_credentials', client_id: 'store\u0000front', client_secret: 'x' }, 'client_id'],
      [{ grant_type: 'client_credentials', client_id: 'storefront', client_secret: 's'.repeat(300) }, 'client_secret'],
      [{ grant_type: 'client_credentials', scope: 'basic\u0007', ...client }, 'scope'],
      [{ grant_type: 'refresh_token', refresh_token: 'r\u0000', ...client }, 'refresh_token'],
      [{ grant_type: 'pass\u0000word', ...client }, 'grant_type'],
    ];
    for (const [values, parameter] of cases) {
      const res = await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form(values) });
      expect(res.statusCode, parameter).toBe(400);
      expect(res.json<{ error: string; error_description: string }>()).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(new RegExp(`^${parameter}: `)) });
    }
    const basic = Buffer.from(`store%00front:${TEST_OAUTH_CLIENT.clientSecret}`).toString('base64');
    const viaBasic = await t.app.inject({ method: 'POST', url: TOKEN_URL, headers: { authorization: `Basic ${basic}` }, payload: { grant_type: 'client_credentials' } });
    expect(viaBasic.statusCode).toBe(400);
    expect(viaBasic.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(/^client_id: /) });
    const wrongType = await t.app.inject({ method: 'POST', url: TOKEN_URL, payload: { grant_type: 'password', username: 12345, password: 'x', ...client } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(/^username: /) });
    const revoke = await t.app.inject({ method: 'POST', url: '/authorizationserver/oauth/revoke', ...form({ token: 't\u0000', ...client }) });
    expect(revoke.statusCode).toBe(400);
    expect(revoke.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(/^token: /) });
  });

  it('a NUL anywhere in an API URL answers 400, even in a parameter no schema declares', async () => {
    for (const url of ['/rest/v2/usb2c/products/BH-SIGNATURE-DARK?unknown=%00', '/rest/v2/openapi.json?x=%00', '/healthz?%00']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<OccBody>().errors).toEqual([expect.objectContaining({ type: 'BadRequestError', reason: 'invalidCharacters', subject: 'url' })]);
    }
  });

  it('a method a path has no route for answers 405 with Allow; an unknown path stays 404', async () => {
    const cases: Array<[string, string, string]> = [
      ['TRACE', '/rest/v2/usb2c/products/BH-SIGNATURE-DARK', 'GET, HEAD'],
      ['POST', '/rest/v2/usb2c/products/BH-SIGNATURE-DARK', 'GET, HEAD'],
      ['PROPFIND', '/rest/v2/usb2c/search', 'GET, HEAD'],
      ['DELETE', '/rest/v2/usb2c/users/current', 'GET, HEAD, PATCH'],
      ['GET', TOKEN_URL, 'POST'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json<OccBody>().errors).toEqual([expect.objectContaining({ type: 'MethodNotAllowedError', reason: 'methodNotAllowed' })]);
    }
    const unknown = await t.app.inject({ method: 'TRACE', url: '/rest/v2/usb2c/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
  });

  it('malformed bodies answer 4xx: truncated JSON 400, a wrong content type 415', async () => {
    const url = '/rest/v2/usb2c/users/anonymous/addProductToCart';
    const truncated = await t.app.inject({ method: 'POST', url, headers: { ...auth(), 'content-type': 'application/json' }, payload: '{"productCode":' });
    expect(truncated.statusCode).toBe(400);
    const multipart = await t.app.inject({ method: 'POST', url, headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nbroken' });
    expect(multipart.statusCode).toBe(415);
  });

  it('the OpenAPI document states the bounds: maxLength and the control-character pattern', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/rest/v2/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; schema: { maxLength?: number; pattern?: string } }>; requestBody?: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }> } }>>;
    }>();
    const code = doc.paths['/rest/v2/{baseSiteId}/products/{code}']!.get!.parameters!.find((p) => p.name === 'code')!;
    expect(code.schema).toMatchObject({ maxLength: 64, pattern: expect.stringContaining('\\u0000') });
    const token = doc.paths[TOKEN_URL]!.post!.requestBody!.content;
    expect(Object.keys(token)).toEqual(expect.arrayContaining(['application/x-www-form-urlencoded', 'application/json']));
    expect(token['application/json']!.schema.properties.username).toMatchObject({ maxLength: 254 });
  });
});

describe('methods on storefront paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { storefront: async (request) => new Response(`storefront ${request.method}`, { status: 200 }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('only GET, HEAD and POST reach the storefront; TRACE and the others answer 405 in the path language (TRACE /cart was 500); a bad Host 400', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/cart' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(`storefront ${method}`);
    }
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND'] as const) {
      const res = await t.app.inject({ method, url: '/cart' });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      expect(res.body).toContain('Method not allowed');
    }
    const fr = await t.app.inject({ method: 'TRACE', url: '/fr/panier' });
    expect(fr.statusCode).toBe(405);
    expect(fr.body).toContain('Méthode non permise');
    // a Host header that is no host (the storefront's web Request is built from it) → 400, not 500
    for (const host of ['a b', '[', 'x:99999']) {
      const res = await t.app.inject({ method: 'GET', url: '/cart', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json<OccBody>().errors).toEqual([expect.objectContaining({ reason: 'invalidHost', subject: 'Host' })]);
    }
    // an API path under the catch-all: its own methods, not the storefront's
    const api = await t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/products/BH-SIGNATURE-DARK' });
    expect(api.statusCode).toBe(405);
    expect(api.headers.allow).toBe('GET, HEAD');
  });
});
