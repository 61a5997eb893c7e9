import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CustomerTokenAnswerSchema, OccErrorBodySchema } from '@store/contracts';
import { buildTestApp, dbKinds, startSmtpSink, TEST_OAUTH_CLIENT, type SinkMessage, type SmtpSink, type TestApp } from '@store/testing';

const TOKEN_URL = '/authorizationserver/oauth/token';
const PASSWORD = 'Brew2026coffee';
const NEW_PASSWORD = 'Roast2027beans';
const client = { client_id: TEST_OAUTH_CLIENT.clientId, client_secret: TEST_OAUTH_CLIENT.clientSecret };
const form = (values: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});

function linkIn(message: SinkMessage): URL {
  const match = /https?:\/\/[^\s"<>]+token=[^\s"<>]+/.exec(message.decoded);
  if (!match) throw new Error('no reset link in the email');
  return new URL(match[0].replace(/&amp;/g, '&'));
}

describe.each(dbKinds())('passwords: change, forgot and reset on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  const logLines: string[] = [];
  let seq = 0;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: sink.url, STOREFRONT_PUBLIC_URL: 'https://shop.example.test/' },
      logger: {
        level: 'trace',
        stream: new Writable({
          write(chunk: Buffer, _enc, cb) {
            logLines.push(chunk.toString());
            cb();
          },
        }),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const newEmail = () => `pw${++seq}.${kind}@example.com`;
  const signUp = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/v2/usb2c/users',
      headers: { authorization: `Bearer ${t.token}` },
      payload: { email, password: PASSWORD, firstName: 'Zoé', lastName: 'Tremblay' },
    });
    expect(res.statusCode).toBe(201);
  };
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'password', username: email, password, ...client }) });
  const tokensFor = async (email: string, password = PASSWORD) => CustomerTokenAnswerSchema.parse((await signIn(email, password)).json());
  const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'refresh_token', refresh_token: refreshToken, ...client }) });
  const forgot = (email: string, site = 'usb2c', lang?: string) =>
    t.app.inject({ method: 'POST', url: `/rest/v2/${site}/forgottenpasswordtokens`, headers: { authorization: `Bearer ${t.token}` }, payload: lang ? { email, lang } : { email } });
  const reset = (token: string, newPassword: string, clientToken = t.token) =>
    t.app.inject({ method: 'POST', url: '/rest/v2/usb2c/resetpassword', headers: { authorization: `Bearer ${clientToken}` }, payload: { token, newPassword } });
  const freshClientToken = async () =>
    ((await t.app.inject({ method: 'POST', url: TOKEN_URL, ...form({ grant_type: 'client_credentials', ...client }) })).json() as { access_token: string }).access_token;

  it('change password: the old one is required; other sessions are signed out, this one stays', async () => {
    const email = newEmail();
    await signUp(email);
    const other = await tokensFor(email);
    const mine = await tokensFor(email);
    const auth = { authorization: `Bearer ${mine.access_token}` };
    const wrong = await t.app.inject({ method: 'PUT', url: '/rest/v2/usb2c/users/current/password', headers: auth, payload: { oldPassword: 'Nope2026nope', newPassword: NEW_PASSWORD } });
    expect(wrong.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(wrong.json()).errors[0]).toMatchObject({ type: 'PasswordMismatchError', reason: 'wrongPassword', subject: 'oldPassword' });
    const weak = await t.app.inject({ method: 'PUT', url: '/rest/v2/usb2c/users/current/password', headers: auth, payload: { oldPassword: PASSWORD, newPassword: 'weakweakweak' } });
    expect(OccErrorBodySchema.parse(weak.json()).errors[0]).toMatchObject({ reason: 'passwordTooWeak', subject: 'newPassword' });
    const ok = await t.app.inject({ method: 'PUT', url: '/rest/v2/usb2c/users/current/password', headers: auth, payload: { oldPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(400);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await refresh(mine.refresh_token)).statusCode).toBe(200);
  });

  it('forgot password: same answer for a known and an unknown email; only the known one gets an email', async () => {
    const known = newEmail();
    const unknown = `nobody-${seq}.${kind}@example.com`;
    await signUp(known);
    const a = await forgot(unknown);
    const b = await forgot(known.toUpperCase());
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.body).toBe(b.body);
    expect(a.headers['content-type']).toBe(b.headers['content-type']);
    const mail = await sink.waitFor((m) => m.to.includes(known));
    expect(mail.subject).toBe('Brewhaus: reset your password');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('https://shop.example.test/reset-password');
    expect(link.searchParams.get('site')).toBe('usb2c');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.decoded).toContain('expires in 60 minutes');
    expect(sink.messages.some((m) => m.to.includes(unknown))).toBe(false);
    // the token is stored hashed only
    const stored = await t.dbh.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === link.searchParams.get('token'))).toBe(false);
    // a malformed email is a 400 whatever the accounts
    expect((await forgot('not-an-email')).statusCode).toBe(400);
  });

  it('the reset link is in the language asked for (cab2c, French)', async () => {
    const email = newEmail();
    await signUp(email);
    expect((await forgot(email, 'cab2c', 'fr')).statusCode).toBe(202);
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Brewhaus Canada\u202f: réinitialisez votre mot de passe');
    const link = linkIn(mail);
    expect(link.pathname).toBe('/fr/reinitialiser-mot-de-passe');
    expect(link.searchParams.get('site')).toBe('cab2c');
    expect(mail.decoded).toContain('Bonjour Zoé');
  });

  it('the reset link works once, checks the policy, and signs every session out', async () => {
    const email = newEmail();
    await signUp(email);
    const session = await tokensFor(email);
    await forgot(email);
    const token = linkIn(await sink.waitFor((m) => m.to.includes(email))).searchParams.get('token')!;
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(weak.json()).errors[0]).toMatchObject({ reason: 'passwordTooShort', subject: 'newPassword' });
    const ok = await reset(token, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await reset(token, 'Another2028pw');
    expect(again.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(again.json()).errors[0]).toMatchObject({ type: 'InvalidTokenError', reason: 'invalidResetToken' });
    expect((await signIn(email, 'Another2028pw')).statusCode).toBe(400);
    expect((await reset('made-up-token', NEW_PASSWORD)).statusCode).toBe(400);
  });

  it('a reset link expires after an hour, and a newer link replaces an older one', async () => {
    const email = newEmail();
    await signUp(email);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    await forgot(email);
    const first = linkIn(await sink.waitFor((m) => m.to.includes(email))).searchParams.get('token')!;
    await forgot(email);
    const second = linkIn(await sink.waitFor((m) => m.to.includes(email) && !m.decoded.includes(first))).searchParams.get('token')!;
    expect((await reset(first, NEW_PASSWORD)).statusCode).toBe(400);
    vi.setSystemTime(start + 3_601_000);
    const late = await reset(second, NEW_PASSWORD, await freshClientToken());
    expect(late.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(late.json()).errors[0]).toMatchObject({ reason: 'invalidResetToken' });
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('logs never contain passwords or tokens', async () => {
    const email = newEmail();
    await signUp(email);
    const tokens = await tokensFor(email);
    await refresh(tokens.refresh_token);
    await forgot(email);
    const resetToken = linkIn(await sink.waitFor((m) => m.to.includes(email))).searchParams.get('token')!;
    await reset(resetToken, NEW_PASSWORD);
    await t.app.inject({ method: 'GET', url: `/rest/v2/usb2c/users/current?token=${resetToken}`, headers: { authorization: `Bearer ${tokens.access_token}` } });
    const logs = logLines.join('');
    expect(logs).toContain('password reset');
    for (const secret of [PASSWORD, NEW_PASSWORD, tokens.access_token, tokens.refresh_token, resetToken, TEST_OAUTH_CLIENT.clientSecret]) {
      expect(logs.includes(secret)).toBe(false);
    }
  });
});
