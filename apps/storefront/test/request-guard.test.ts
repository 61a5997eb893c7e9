/** The storefront request guard (issue 9 item 3): methods, NUL in the URL, unreadable bodies. */
import { describe, expect, it } from 'vitest';
import { requestGuard } from '../app/lib/request-guard.server.ts';

function post(url: string, contentType: string | null, body: string | null, headers: Record<string, string> = {}): Request {
  const h = new Headers(headers);
  if (contentType) h.set('content-type', contentType);
  return new Request(url, { method: 'POST', headers: h, body });
}

describe('storefront request guard', () => {
  it('lets ordinary pages and well-formed form posts through, the body still readable', async () => {
    expect(await requestGuard(new Request('http://localhost/search?term=caf%C3%A9'))).toBeNull();
    expect(await requestGuard(new Request('http://localhost/cart', { method: 'HEAD' }))).toBeNull();
    const form = post('http://localhost/cart/add', 'application/x-www-form-urlencoded', 'productCode=X&qty=1');
    expect(await requestGuard(form)).toBeNull();
    expect((await form.formData()).get('productCode')).toBe('X');
    const multipart = post('http://localhost/cart/add', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="productCode"\r\n\r\nX\r\n--b--\r\n');
    expect(await requestGuard(multipart)).toBeNull();
    expect(await requestGuard(post('http://localhost/api/auth/login', 'application/json', '{"email":"a@b.co"}'))).toBeNull();
    // the French JSON routes too (issue 9 item 8: /fr/api/auth/*)
    expect(await requestGuard(post('http://localhost/fr/api/auth/forgotPassword', 'application/json', '{"email":"a@b.co"}'))).toBeNull();
    expect(await requestGuard(post('http://localhost/api/auth/refreshToken', null, null))).toBeNull();
  });

  it('answers 400 to a malformed multipart, a JSON or a missing body on a page route (formData() would throw: 500)', async () => {
    for (const request of [
      post('http://localhost/cart/add', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="productCode"\r\n\r\nX\r\n--'),
      post('http://localhost/cart/add', 'application/json', '{"productCode":'),
      post('http://localhost/cart/add', 'application/json', '{"productCode":"X"}'),
      post('http://localhost/cart/add', null, null),
    ]) {
      const res = await requestGuard(request);
      expect(res?.status).toBe(400);
      expect(res?.headers.get('content-type')).toContain('text/html');
      expect(await res?.text()).toContain('We could not read this form');
    }
  });

  it('answers JSON 400 to a malformed JSON body on /api routes', async () => {
    for (const body of ['{"email":', '[1,2]', 'null']) {
      const res = await requestGuard(post('http://localhost/api/auth/signup', 'application/json', body));
      expect(res?.status, body).toBe(400);
      expect(await res?.json()).toMatchObject({ errors: [{ type: 'BadRequestError', reason: 'malformedBody' }] });
    }
  });

  it('speaks the page language: the /fr path, or the /fr page the form was sent from', async () => {
    const fr = await requestGuard(post('http://ca.localhost/fr/panier', 'application/json', '{'));
    expect(await fr?.text()).toContain('Nous n’avons pas pu lire ce formulaire');
    const fromFr = await requestGuard(post('http://ca.localhost/cart/add', 'application/json', '{', { referer: 'http://ca.localhost/fr/cafe/p/X' }));
    expect(await fromFr?.text()).toContain('<html lang="fr-CA">');
    const otherSite = await requestGuard(post('http://localhost/cart/add', 'application/json', '{', { referer: 'https://evil.example/fr/' }));
    expect(await otherSite?.text()).toContain('<html lang="en">');
  });

  it('answers 400 to a NUL in the URL and 405 with Allow to other methods', async () => {
    const nul = await requestGuard(new Request('http://localhost/search?q=%00'));
    expect(nul?.status).toBe(400);
    expect(await nul?.text()).toContain('This web address is not valid');
    const put = await requestGuard(new Request('http://localhost/fr/panier', { method: 'PUT' }));
    expect(put?.status).toBe(405);
    expect(put?.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await put?.text()).toContain('Méthode non permise');
  });
});
