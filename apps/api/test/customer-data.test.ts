import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerDataSchema, CustomerTokenAnswerSchema } from '@store/contracts';
import { buildTestApp, dbKinds, TEST_OAUTH_CLIENT, type TestApp } from '@store/testing';

const PASSWORD = 'Brew2026coffee';

describe.each(dbKinds())('customer data (spec §3) on %s', (kind) => {
  let t: TestApp;
  let variant: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    variant = (await t.dbh.db.selectFrom('variants').select('code').orderBy('code').executeTakeFirstOrThrow()).code;
  });
  afterAll(async () => {
    await t?.close();
  });

  const now = new Date().toISOString();
  async function cart(guid: string, site: string, userId: string | null, qty: number, status = 'open') {
    await t.dbh.db
      .insertInto('carts')
      .values({ guid, base_site: site, currency: 'USD', user_id: userId, status, email: null, shipping_address_json: null, billing_address_json: null, delivery_mode: null, lang: 'en', created_at: now, updated_at: now })
      .execute();
    await t.dbh.db.insertInto('cart_entries').values({ cart_guid: guid, entry_number: 0, variant_code: variant, entry_type: 'STD', qty, created_at: now }).execute();
  }
  async function customer(email: string, perksOptIn: boolean) {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/rest/v2/usb2c/users',
      headers: { authorization: `Bearer ${t.token}` },
      payload: { email, password: PASSWORD, firstName: 'Cu', lastName: 'Data', perksOptIn },
    });
    const customerId = (signUp.json() as { customerId: string }).customerId;
    const res = await t.app.inject({
      method: 'POST',
      url: '/authorizationserver/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: email, password: PASSWORD, client_id: TEST_OAUTH_CLIENT.clientId, client_secret: TEST_OAUTH_CLIENT.clientSecret }).toString(),
    });
    return { customerId, token: CustomerTokenAnswerSchema.parse(res.json()).access_token };
  }
  const get = (path: string, token: string) => t.app.inject({ method: 'GET', url: `/rest/v2/usb2c${path}`, headers: { authorization: `Bearer ${token}` } });

  it('anonymous: not logged in, the anonymous cart count, no cookies', async () => {
    await cart(`anon-${kind}-1`, 'usb2c', null, 3);
    const res = await get(`/users/anonymous/customerData?cartGuid=anon-${kind}-1`, t.token);
    expect(res.statusCode).toBe(200);
    expect(CustomerDataSchema.parse(res.json())).toMatchObject({ isLoggedIn: false, cartCount: 3, perksOptIn: false, isBrewhausEmployee: false, customerCookies: [] });
    expect((await get('/users/anonymous/customerData', t.token)).json()).toMatchObject({ cartCount: 0 });
    expect((await get(`/users/anonymous/customerData?cartGuid=unknown-guid`, t.token)).json()).toMatchObject({ cartCount: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/anonymous/customerData' })).statusCode).toBe(401);
  });

  it('current: logged in, perks, employee flag, cookies, the customer cart count; never another customer’s cart', async () => {
    const me = await customer(`cd-me.${kind}@example.com`, true);
    const other = await customer(`cd-other.${kind}@example.com`, false);
    await t.dbh.db.updateTable('customers').set({ is_employee: 1 }).where('id', '=', me.customerId).execute();
    // issue 12 (ADR 0028): perksOptIn is Perks membership of the site; the sign-up flag alone does not enrol
    expect((await t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/users/current/loyaltyProgramSignup', headers: { authorization: `Bearer ${me.token}` }, payload: { acceptTerms: true } })).statusCode).toBe(200);
    await cart(`mine-${kind}`, 'usb2c', me.customerId, 2);
    await cart(`theirs-${kind}`, 'usb2c', other.customerId, 7);
    await cart(`anon-${kind}-2`, 'usb2c', null, 5);
    const res = await get('/users/current/customerData', me.token);
    expect(res.statusCode).toBe(200);
    expect(CustomerDataSchema.parse(res.json())).toMatchObject({
      isLoggedIn: true,
      cartCount: 2,
      perksOptIn: true,
      isBrewhausEmployee: true,
      customerCookies: [
        { key: 'CustomerID', value: me.customerId },
        { key: 'isPerksOptIn', value: 'true' },
      ],
    });
    // someone else's cart guid or an anonymous cart does not count: the customer's own cart does
    expect((await get(`/users/current/customerData?cartGuid=theirs-${kind}`, me.token)).json()).toMatchObject({ cartCount: 2 });
    expect((await get(`/users/current/customerData?cartGuid=anon-${kind}-2`, me.token)).json()).toMatchObject({ cartCount: 2 });
    expect((await get(`/users/${me.customerId}/customerData`, me.token)).json()).toMatchObject({ isLoggedIn: true, cartCount: 2 });
    // another customer's data: 403, never the data
    const idor = await get(`/users/${other.customerId}/customerData`, me.token);
    expect(idor.statusCode).toBe(403);
    expect(idor.body).not.toContain(other.customerId);
    expect((await get('/users/current/customerData', t.token)).statusCode).toBe(401);
    expect((await get('/users/current/customerData', other.token)).json()).toMatchObject({ isLoggedIn: true, cartCount: 7, perksOptIn: false, isBrewhausEmployee: false });
  });
});
