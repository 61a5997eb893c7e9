import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerSchema, OccErrorBodySchema } from '@store/contracts';
import { buildTestApp, dbKinds, TEST_OAUTH_CLIENT, type TestApp } from '@store/testing';

const TOKEN_URL = '/authorizationserver/oauth/token';
const PASSWORD = 'Brew2026coffee';

describe.each(dbKinds())('sign-up and profile on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signUp = (payload: Record<string, unknown>, token: string | null = t.token) =>
    t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/users', headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
  const signIn = async (email: string, password = PASSWORD) => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: email, password, client_id: TEST_OAUTH_CLIENT.clientId, client_secret: TEST_OAUTH_CLIENT.clientSecret }).toString(),
    });
    return res;
  };

  it('signs up with the client token: 201, the customer, an argon2id hash, a lower-cased email', async () => {
    const res = await signUp({ email: `  Grace.${kind}@Example.com `, password: PASSWORD, firstName: ' Grace ', lastName: 'Hopper', perksOptIn: true });
    expect(res.statusCode).toBe(201);
    const customer = CustomerSchema.parse(res.json());
    expect(customer).toMatchObject({ email: `grace.${kind}@example.com`, uid: `grace.${kind}@example.com`, firstName: 'Grace', lastName: 'Hopper', name: 'Grace Hopper', perksOptIn: true, isBrewhausEmployee: false, roles: [] });
    expect(customer.customerId).toMatch(/^cu_[0-9a-f]{24}$/);
    expect(JSON.stringify(res.json())).not.toContain(PASSWORD);
    const row = await t.dbh.db.selectFrom('customers').select('password_hash').where('id', '=', customer.customerId).executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect((await signIn(`GRACE.${kind}@example.com`)).statusCode).toBe(200);
  });

  it('refuses sign-up without the client token', async () => {
    expect((await signUp({ email: `x.${kind}@example.com`, password: PASSWORD, firstName: 'A', lastName: 'B' }, null)).statusCode).toBe(401);
  });

  it('a duplicate email (any case) is 409 DuplicateUidError', async () => {
    const email = `dup.${kind}@example.com`;
    expect((await signUp({ email, password: PASSWORD, firstName: 'A', lastName: 'B' })).statusCode).toBe(201);
    const again = await signUp({ email: email.toUpperCase(), password: PASSWORD, firstName: 'C', lastName: 'D' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [{ type: 'DuplicateUidError', reason: 'duplicateUid', subject: 'email', message: 'An account already exists for this email address' }] });
  });

  it('two concurrent sign-ups with one email create one account', async () => {
    const email = `race.${kind}@example.com`;
    const answers = await Promise.all([1, 2, 3].map(() => signUp({ email, password: PASSWORD, firstName: 'A', lastName: 'B' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('password policy: clear messages by reason', async () => {
    const email = `policy.${kind}@example.com`;
    const cases: Array<[string, string[]]> = [
      ['short1', ['passwordTooShort']],
      ['abcdefghij', ['passwordTooWeak']],
      ['1234567890', ['passwordTooWeak']],
      [`a1${'x'.repeat(127)}`, ['passwordTooLong']],
      ['', ['passwordTooShort', 'passwordTooWeak']],
    ];
    for (const [password, reasons] of cases) {
      const res = await signUp({ email, password, firstName: 'A', lastName: 'B' });
      expect(res.statusCode).toBe(400);
      const body = OccErrorBodySchema.parse(res.json());
      expect(body.errors.map((e) => e.reason)).toEqual(reasons);
      expect(body.errors.every((e) => e.subject === 'password' && e.type === 'ValidationError')).toBe(true);
    }
    const short = OccErrorBodySchema.parse((await signUp({ email, password: 'ab1', firstName: 'A', lastName: 'B' })).json());
    expect(short.errors[0]!.message).toBe('Password must be at least 8 characters long');
    const weak = OccErrorBodySchema.parse((await signUp({ email, password: 'abcdefghij', firstName: 'A', lastName: 'B' })).json());
    expect(weak.errors[0]!.message).toBe('Password must contain at least one letter and one digit');
    const same = await signUp({ email: `pw1.${kind}@example.com`, password: `PW1.${kind}@example.com`, firstName: 'A', lastName: 'B' });
    expect(OccErrorBodySchema.parse(same.json()).errors).toEqual([
      { type: 'ValidationError', reason: 'passwordIsEmail', subject: 'password', message: 'Password must not be your email address' },
    ]);
    expect((await signUp({ email, password: 'Caf3-au-lait', firstName: 'A', lastName: 'B' })).statusCode).toBe(201);
  });

  it('validates the email per spec §5 and the names, listing every bad field', async () => {
    for (const email of ['plain', 'a@b', 'a@b.c', 'spa ce@example.com', 'é@example.com', 'a@example.c0m']) {
      const res = await signUp({ email, password: PASSWORD, firstName: 'A', lastName: 'B' });
      expect(res.statusCode).toBe(400);
      expect(OccErrorBodySchema.parse(res.json()).errors).toEqual([{ type: 'ValidationError', reason: 'invalidEmail', subject: 'email', message: 'Enter a valid email address' }]);
    }
    const res = await signUp({ email: '', password: 'x', firstName: ' ', lastName: 'L' });
    expect(OccErrorBodySchema.parse(res.json()).errors.map((e) => `${e.subject}:${e.reason}`)).toEqual([
      'email:missing',
      'password:passwordTooShort',
      'password:passwordTooWeak',
      'firstName:missing',
    ]);
    // issue 9: the length bound is the request schema's (ADR 0015), which answers before the account rules
    const long = await signUp({ email: 'x@example.com', password: PASSWORD, firstName: 'A', lastName: 'L'.repeat(101) });
    expect(OccErrorBodySchema.parse(long.json()).errors.map((e) => `${e.subject}:${e.reason}`)).toEqual(['lastName:tooLong']);
    expect((await signUp({ email: `o'brien+tag_1%x.${kind}@mail.example.co`, password: PASSWORD, firstName: 'A', lastName: 'B' })).statusCode).toBe(400);
    expect((await signUp({ email: `obrien+tag_1%x.${kind}@mail.example.co`, password: PASSWORD, firstName: 'A', lastName: 'B' })).statusCode).toBe(201);
  });

  it('profile: GET and PATCH users/current with the customer token only', async () => {
    const email = `profile.${kind}@example.com`;
    await signUp({ email, password: PASSWORD, firstName: 'Ada', lastName: 'King' });
    const { access_token } = (await signIn(email)).json() as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/current', headers: { authorization: `Bearer ${t.token}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/current' })).statusCode).toBe(401);
    const patched = await t.app.inject({ method: 'PATCH', url: '/rest/v2/cab2c/users/current', headers: auth, payload: { lastName: ' Lovelace ', perksOptIn: true } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', perksOptIn: true, email });
    const bad = await t.app.inject({ method: 'PATCH', url: '/rest/v2/usb2c/users/current', headers: auth, payload: { firstName: '' } });
    expect(bad.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(bad.json()).errors[0]).toMatchObject({ subject: 'firstName', reason: 'missing' });
    const me = await t.app.inject({ method: 'GET', url: '/rest/v2/usb2c/users/current', headers: auth });
    expect(me.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', perksOptIn: true });
  });
});
