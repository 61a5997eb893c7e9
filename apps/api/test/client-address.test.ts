/**
 * Issue 9 item 1 (and item 7's HSTS / nosniff): the API keys its limits on the shopper's real
 * address. The storefront gets it from Fastify (forwarded headers believed only from TRUST_PROXY
 * peers) and sends it with its in-process API calls; the in-process fetch turns it into the
 * injected request's address. ADR 0012.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInjectFetch, HSTS_VALUE, type StorefrontRequestInfo } from '@store/api';
import { buildTestApp, dbKinds, TEST_OAUTH_CLIENT, type TestApp } from '@store/testing';

const client = { client_id: TEST_OAUTH_CLIENT.clientId, client_secret: TEST_OAUTH_CLIENT.clientSecret };

interface Seen {
  url: string;
  info: StorefrontRequestInfo;
  forwarded: Array<string | null>;
}

/** A storefront that records what it was handed. */
function recordingStorefront(seen: Seen[]) {
  return async (request: Request, info: StorefrontRequestInfo) => {
    seen.push({
      url: request.url,
      info,
      forwarded: ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'].map((h) => request.headers.get(h)),
    });
    return new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } });
  };
}

describe.each(dbKinds())('the real client address on %s', (kind) => {
  describe('without a trusted proxy (the default)', () => {
    let t: TestApp;
    const seen: Seen[] = [];
    beforeAll(async () => {
      t = await buildTestApp(kind, { storefront: recordingStorefront(seen) });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('ignores forwarded headers: the storefront gets the socket address, the plain protocol and host, and no forwarded header', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/c/BR',
        remoteAddress: '198.51.100.7',
        headers: { host: 'www.brewhaus.com', 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(seen.at(-1)).toEqual({ url: 'http://www.brewhaus.com/c/BR', info: { clientAddress: '198.51.100.7' }, forwarded: [null, null, null, null] });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('the in-process fetch makes X-Forwarded-For the address the API limits: 20 failed sign-ins lock out that shopper only', async () => {
      const fetch = createInjectFetch(() => t.app);
      const signIn = (address: string) =>
        fetch('http://localhost/authorizationserver/oauth/token', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
          body: new URLSearchParams({ grant_type: 'password', username: `nobody.${address}@example.com`, password: 'Wrong2026pw', ...client }).toString(),
        });
      // spread over accounts, so only the per-address limit applies
      const spray = async (address: string, n: number) => {
        const statuses: number[] = [];
        for (let i = 0; i < n; i++) {
          const response = await fetch('http://localhost/authorizationserver/oauth/token', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
            body: new URLSearchParams({ grant_type: 'password', username: `spray${i}.${address}@example.com`, password: 'Wrong2026pw', ...client }).toString(),
          });
          statuses.push(response.status);
        }
        return statuses;
      };
      expect(await spray('203.0.113.1', 20)).toEqual(Array.from({ length: 20 }, () => 400));
      const blocked = await signIn('203.0.113.1');
      expect(blocked.status).toBe(429);
      // the real wait: the rest of the 15-minute window (fixed windows from the epoch), so the
      // figure depends on the clock; it is never a token second nor more than the window
      const windowS = 900;
      const leftS = windowS - Math.floor(Date.now() / 1000) % windowS;
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, leftS - 5));
      expect(retryAfter).toBeLessThanOrEqual(windowS);
      // every other shopper still reaches the sign-in check
      expect((await signIn('203.0.113.2')).status).toBe(400);
      expect((await signIn('2001:db8::5')).status).toBe(400);
    });

    it('API answers carry X-Content-Type-Options: nosniff', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/products/BH-SOLO?fields=BASIC' });
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const missing = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/nope' });
      expect(missing.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY)', () => {
    let t: TestApp;
    const seen: Seen[] = [];
    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { TRUST_PROXY: '10.0.0.0/8' }, storefront: recordingStorefront(seen) });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('believes the trusted proxy: client address, protocol and host; HSTS over HTTPS', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/fr/c/BR',
        remoteAddress: '10.1.2.3',
        headers: { host: 'internal:3000', 'x-forwarded-for': '192.0.2.44', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.brewhaus.ca' },
      });
      expect(seen.at(-1)).toEqual({ url: 'https://www.brewhaus.ca/fr/c/BR', info: { clientAddress: '192.0.2.44' }, forwarded: [null, null, null, null] });
      expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
      const api = await t.app.inject({
        method: 'GET',
        url: '/rest/v2/usb2c/products/BH-SOLO?fields=BASIC',
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(api.headers['strict-transport-security']).toBe(HSTS_VALUE);
    });

    it('does not believe anyone else', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/c/BR',
        remoteAddress: '198.51.100.9',
        headers: { host: 'www.brewhaus.com', 'x-forwarded-for': '192.0.2.44', 'x-forwarded-proto': 'https' },
      });
      expect(seen.at(-1)).toMatchObject({ url: 'http://www.brewhaus.com/c/BR', info: { clientAddress: '198.51.100.9' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });
});
