import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OccErrorBodySchema } from '@store/contracts';
import { buildTestApp, dbKinds, type TestApp } from '@store/testing';

describe.each(dbKinds())('application plumbing on %s', (kind) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      logger: {
        level: 'error',
        stream: new Writable({
          write(chunk: Buffer, _enc, cb) {
            logLines.push(chunk.toString());
            cb();
          },
        }),
      },
      beforeReady: (app) => {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        typed.post(
          '/test/validate',
          {
            schema: {
              body: z.object({
                email: z.email(),
                name: z.string().min(1),
                entries: z.array(z.object({ qty: z.number().int().min(1) })),
              }),
            },
          },
          async () => ({ ok: true }),
        );
        typed.get('/test/crash', async () => {
          throw new Error('connection to db-secret-host:5432 failed for password hunter2');
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('echoes a valid correlationID and generates one otherwise', async () => {
    const echoed = await t.app.inject({ method: 'GET', url: '/healthz', headers: { correlationID: 'abc-123.x' } });
    expect(echoed.headers.correlationid).toBe('abc-123.x');
    const generated = await t.app.inject({ method: 'GET', url: '/healthz', headers: { correlationID: 'bad id with spaces' } });
    expect(generated.headers.correlationid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists EVERY bad field of a request body as a ValidationError', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/validate',
      payload: { email: 'not-an-email', entries: [{ qty: 2 }, { qty: 0 }, { qty: 1.5 }] },
    });
    expect(res.statusCode).toBe(400);
    const body = OccErrorBodySchema.parse(res.json());
    const subjects = body.errors.map((e) => e.subject).sort();
    expect(subjects).toEqual(['email', 'entries[1].qty', 'entries[2].qty', 'name']);
    expect(body.errors.every((e) => e.type === 'ValidationError' && e.message.length > 0)).toBe(true);
    expect(body.errors.find((e) => e.subject === 'name')?.reason).toBe('missing');
    expect(body.errors.find((e) => e.subject === 'email')?.reason).toBe('invalid');
  });

  it('lists every bad query parameter of a catalogue call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/categories/BR/products?page=-1&pageSize=1000&sort=cheapest&lang=de' });
    expect(res.statusCode).toBe(400);
    const subjects = OccErrorBodySchema.parse(res.json()).errors.map((e) => e.subject).sort();
    expect(subjects).toEqual(['lang', 'page', 'pageSize', 'sort']);
  });

  it('answers malformed JSON with a 400 OCC body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/validate', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(res.json()).errors[0]!.type).toBe('BadRequestError');
  });

  it('answers a crash with 500, no internals, the correlation id, and logs it with that id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/crash', headers: { correlationID: 'crash-42' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: [{ type: 'ServerError', message: 'Internal error', correlationId: 'crash-42' }] });
    expect(res.body).not.toMatch(/secret|hunter2|5432|stack/i);
    const logged = logLines.map((l) => JSON.parse(l) as { correlationId?: string; err?: { message?: string } }).find((l) => l.correlationId === 'crash-42');
    expect(logged?.err?.message).toContain('db-secret-host');
  });

  it('answers unknown routes and unknown base sites with OCC 404 bodies', async () => {
    const route = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/no/such/route' });
    expect(route.statusCode).toBe(404);
    expect(OccErrorBodySchema.parse(route.json()).errors[0]).toMatchObject({ type: 'NotFoundError', reason: 'notFound' });
    const site = await t.app.inject({ method: 'GET', url: '/rest/v2/ukb2c/products/BH-SOLO' });
    expect(site.statusCode).toBe(404);
    expect(OccErrorBodySchema.parse(site.json()).errors[0]).toMatchObject({ type: 'UnknownBaseSiteError', subject: 'baseSiteId' });
    const siteNoRoute = await t.app.inject({ method: 'GET', url: '/rest/v2/ukb2c/whatever' });
    expect(OccErrorBodySchema.parse(siteNoRoute.json()).errors[0]!.type).toBe('UnknownBaseSiteError');
    const root = await t.app.inject({ method: 'GET', url: '/no-storefront-here' });
    expect(root.statusCode).toBe(404);
  });
});

describe('storefront bridge', () => {
  let t: TestApp;
  const seen: Array<{ url: string; method: string; body: string; cookie: string | null; host: string | null }> = [];
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      storefront: async (request) => {
        const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
        seen.push({ url: request.url, method: request.method, body, cookie: request.headers.get('cookie'), host: request.headers.get('host') });
        const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'x-page': 'yes' });
        headers.append('set-cookie', 'cartGuid=abc; Path=/; HttpOnly');
        headers.append('set-cookie', 'lang=fr; Path=/');
        return new Response(`<p>${request.method} ${new URL(request.url).pathname}</p>`, { status: request.method === 'POST' ? 303 : 200, headers });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands every non-API path to the storefront as a web Request with the full URL and headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fr/c/BR?page=2', headers: { host: 'www.brewhaus.ca', cookie: 'a=1; b=2' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<p>GET /fr/c/BR</p>');
    expect(res.headers['x-page']).toBe('yes');
    expect(res.headers['set-cookie']).toEqual(['cartGuid=abc; Path=/; HttpOnly', 'lang=fr; Path=/']);
    expect(seen.at(-1)).toMatchObject({ url: 'http://www.brewhaus.ca/fr/c/BR?page=2', cookie: 'a=1; b=2', host: 'www.brewhaus.ca' });
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toBe('<p>GET /</p>');
  });

  it('streams form bodies through unparsed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/cart',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=add&productCode=BH-SOLO-RED&qty=2',
    });
    expect(res.statusCode).toBe(303);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: 'intent=add&productCode=BH-SOLO-RED&qty=2' });
  });

  it('keeps API paths away from the storefront', async () => {
    const before = seen.length;
    const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/not-a-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errors: [{ type: 'NotFoundError' }] });
    expect((await t.app.inject({ method: 'GET', url: '/medias/NOPE.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect(seen.length).toBe(before);
  });

  it('the in-process fetch answers like HTTP: status, JSON body, headers', async () => {
    const ok = await t.fetch('http://localhost/rest/v2/usb2c/products/BH-SOLO?fields=BASIC');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await ok.json()) as { code: string }).code).toBe('BH-SOLO');
    const missing = await t.fetch('http://localhost/rest/v2/usb2c/products/NOPE', { headers: { correlationID: 'xyz' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('correlationid')).toBe('xyz');
    const token = await t.fetch('http://localhost/authorizationserver/oauth/token', {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'storefront', client_secret: 'storefront-dev-secret' }),
    });
    expect(token.status).toBe(200);
  });
});
