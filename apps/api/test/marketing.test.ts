/**
 * Issue 12 mailing list and notify-me (ADR 0029) through HTTP on both databases: spec §5 email
 * rule (bad emails, NUL, 3 KB → 400 naming `email`, reason logged with the address masked),
 * double opt-in via the email's token at the SMTP sink, consent recorded, no enumeration and at
 * most one confirmation email an hour, unsubscribe, 429 per client address; notify-me
 * idempotency, one email when stock returns even with concurrent sweeps, 90-day drop.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILING_CONSENT_WORDING_VERSION, MarketingAnswerSchema, OccErrorBodySchema } from '@store/contracts';
import { setAvailable } from '@store/db';
import { buildTestApp, dbKinds, startSmtpSink, type SinkMessage, type SmtpSink, type TestApp } from '@store/testing';
import { createMailer, type Mailer } from '../src/email/mailer.ts';
import { NOTIFY_MAX_AGE_DAYS, sweepNotifyRequests, unsubscribeToken, type MarketingContext } from '../src/flows/marketing.ts';
import { rateKey } from '../src/auth/rate-limit.ts';
import { SUBSCRIBE_PER_IP } from '../src/routes/marketing.ts';
import { signUpCustomer } from './support/commerce.ts';

const OUT_VARIANT = 'BH-SIGNATURE-DARK-96';
const OTHER_OUT_VARIANT = 'BH-SIGNATURE-DARK-48';
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tokenLink(message: SinkMessage, path: string): URL {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, '\\/')}\\?[^\\s"<>]*token=[^\\s"<>]+`).exec(message.decoded);
  if (!match) throw new Error(`no ${path} link in the email`);
  return new URL(match[0].replace(/&amp;/g, '&'));
}

describe.each(dbKinds())('mailing list and notify-me on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let mailer: Mailer;
  const logLines: string[] = [];
  let seq = 0;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: sink.url, STOREFRONT_PUBLIC_URL: 'https://shop.example.test/' },
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk: Buffer, _enc, cb) {
            logLines.push(chunk.toString());
            cb();
          },
        }),
      },
    });
    mailer = createMailer(t.config, silent);
  });
  afterAll(async () => {
    await mailer?.close();
    await t?.close();
    await sink?.close();
  });

  const newEmail = (tag = 'ml') => `${tag}${++seq}.${kind}@example.com`;
  const post = (url: string, payload: unknown, auth: string | null = `Bearer ${t.token}`, site = 'usb2c') =>
    t.app.inject({ method: 'POST', url: `/rest/v2/${site}${url}`, headers: auth ? { authorization: auth } : {}, payload: payload as Record<string, unknown> });
  const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email));
  const sweepCtx = (now: () => Date = () => new Date()): MarketingContext => ({
    dbh: t.dbh,
    mailer,
    log: silent,
    now,
    storefrontUrl: t.config.STOREFRONT_PUBLIC_URL,
    secret: t.config.JWT_SECRET,
  });
  const clearSubscribeLimit = () => t.dbh.db.deleteFrom('rate_limit_hits').where('key', '=', rateKey(SUBSCRIBE_PER_IP, '127.0.0.1')).execute();

  it('double opt-in: pending answer, one email with a single-use confirm link; confirming records time, source and wording version', async () => {
    const email = newEmail();
    const res = await post('/subscribe', { email: `  ${email.toUpperCase()} `, source: 'footer' });
    expect(res.statusCode).toBe(200);
    const answer = MarketingAnswerSchema.parse(res.json());
    expect(answer).toEqual({ status: 'pending', message: expect.stringContaining('confirm') });
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toContain('confirm your subscription');
    const link = tokenLink(mail, '/newsletter/confirm');
    expect(link.origin).toBe('https://shop.example.test');
    expect(link.searchParams.get('site')).toBe('usb2c');
    // every marketing email carries an unsubscribe link
    tokenLink(mail, '/newsletter/unsubscribe');
    const before = await t.dbh.db.selectFrom('mailing_subscriptions').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(before).toMatchObject({ status: 'pending', consent_at: null, source: 'footer' });

    const token = link.searchParams.get('token')!;
    const confirmed = await post('/subscribe/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'confirmed', message: expect.any(String) });
    const row = await t.dbh.db.selectFrom('mailing_subscriptions').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'confirmed', consent_source: 'footer', consent_wording: MAILING_CONSENT_WORDING_VERSION, confirm_token_hash: null });
    expect(Date.now() - Date.parse(row.consent_at!)).toBeLessThan(60_000);

    const again = await post('/subscribe/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(again.json()).errors[0]).toMatchObject({ reason: 'invalidToken', subject: 'token' });
    const bogus = await post('/subscribe/confirm', { token: 'x'.repeat(43) });
    expect(bogus.statusCode).toBe(400);
  });

  it('French: the answer and the email are French (U+202F before : ? !), the link goes to the French page', async () => {
    const email = newEmail('fr');
    const res = await post('/subscribe', { email, lang: 'fr' }, undefined, 'cab2c');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toMatch(/^Merci\u202f!/);
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toContain('\u202f: confirmez votre abonnement');
    const link = tokenLink(mail, '/fr/infolettre/confirmer');
    expect(link.searchParams.get('site')).toBe('cab2c');
    tokenLink(mail, '/fr/infolettre/desabonnement');
    // the token of one site does not confirm on another
    const elsewhere = await post('/subscribe/confirm', { token: link.searchParams.get('token') }, undefined, 'usb2c');
    expect(elsewhere.statusCode).toBe(400);
  });

  it('bad emails → 400 naming email; NUL and 3 KB never reach SQL; the reason is logged without the address', async () => {
    const cases: Array<[unknown, string]> = [
      ['', 'missing'],
      ['not-an-email', 'invalidEmail'],
      ['a@b', 'invalidEmail'],
      ['secret.person@example', 'invalidEmail'],
      ['nul\u0000byte@example.com', 'invalidCharacters'],
      [`${'a'.repeat(3000)}@example.com`, 'tooLong'],
      [42, ''],
    ];
    for (const [email, reason] of cases) {
      const res = await post('/subscribe', { email });
      expect(res.statusCode, String(email).slice(0, 40)).toBe(400);
      const first = OccErrorBodySchema.parse(res.json()).errors[0]!;
      expect(first.subject).toBe('email');
      if (reason) expect(first.reason).toBe(reason);
    }
    const noBody = await post('/subscribe', {});
    expect(noBody.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(noBody.json()).errors[0]!.subject).toBe('email');
    const badSource = await post('/subscribe', { email: newEmail(), source: 'x'.repeat(3000) });
    expect(badSource.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(badSource.json()).errors[0]!.subject).toBe('source');

    const failures = logLines.filter((l) => l.includes('"subscribeFailed"'));
    expect(failures.some((l) => l.includes('"reason":"invalidEmail"') && l.includes('s***@example'))).toBe(true);
    expect(failures.some((l) => l.includes('"reason":"invalidInput"'))).toBe(true);
    expect(logLines.join('')).not.toContain('secret.person@example');
    expect(await t.dbh.db.selectFrom('mailing_subscriptions').select('email').where('email', 'like', '%example.com').where('email', 'like', 'nul%').execute()).toEqual([]);
    await clearSubscribeLimit();
  });

  it('no enumeration, no spam: a confirmed, a pending and a concurrent sign-up answer alike and send at most one email an hour', async () => {
    // pending, asked again: same answer, no second email within the hour
    const pending = newEmail();
    const a = await post('/subscribe', { email: pending });
    await sink.waitFor((m) => m.to.includes(pending));
    const b = await post('/subscribe', { email: pending });
    expect(b.json()).toEqual(a.json());
    // confirmed, asked again: same answer, no email
    const confirmed = newEmail();
    await post('/subscribe', { email: confirmed });
    const token = tokenLink(await sink.waitFor((m) => m.to.includes(confirmed)), '/newsletter/confirm').searchParams.get('token');
    expect((await post('/subscribe/confirm', { token })).statusCode).toBe(200);
    const c = await post('/subscribe', { email: confirmed });
    expect(c.statusCode).toBe(200);
    expect(c.json()).toEqual(a.json());
    expect((await t.dbh.db.selectFrom('mailing_subscriptions').select('status').where('email', '=', confirmed).executeTakeFirstOrThrow()).status).toBe('confirmed');
    // five at once for a new address: one row, one email
    const burst = newEmail();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/subscribe', { email: burst })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await sink.waitFor((m) => m.to.includes(burst));
    await sleep(400);
    expect(mailsTo(pending)).toHaveLength(1);
    expect(mailsTo(confirmed)).toHaveLength(1);
    expect(mailsTo(burst)).toHaveLength(1);
    // an hour later a pending address may get a new link
    await t.dbh.db.updateTable('mailing_subscriptions').set({ confirm_sent_at: new Date(Date.now() - 3_601_000).toISOString() }).where('email', '=', pending).execute();
    await post('/subscribe', { email: pending });
    await sink.waitFor((m) => m.to.includes(pending) && mailsTo(pending).indexOf(m) === 1);
    expect(mailsTo(pending)).toHaveLength(2);
    await clearSubscribeLimit();
  });

  it('unsubscribe: the link of the email unsubscribes (idempotent); a forged or foreign token is refused', async () => {
    const email = newEmail('un');
    await post('/subscribe', { email });
    const mail = await sink.waitFor((m) => m.to.includes(email));
    await post('/subscribe/confirm', { token: tokenLink(mail, '/newsletter/confirm').searchParams.get('token') });
    const token = tokenLink(mail, '/newsletter/unsubscribe').searchParams.get('token')!;
    for (let i = 0; i < 2; i++) {
      const res = await post('/subscribe/unsubscribe', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'unsubscribed' });
    }
    const row = await t.dbh.db.selectFrom('mailing_subscriptions').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('unsubscribed');
    expect(row.consent_wording).toBe(MAILING_CONSENT_WORDING_VERSION); // the history is kept
    const forged = `${Buffer.from(`usb2c\nvictim@example.com`).toString('base64url')}.${'A'.repeat(43)}`;
    expect((await post('/subscribe/unsubscribe', { token: forged })).statusCode).toBe(400);
    expect((await post('/subscribe/unsubscribe', { token: 'nonsense' })).statusCode).toBe(400);
    // a usb2c token does not work on cab2c
    expect((await post('/subscribe/unsubscribe', { token }, undefined, 'cab2c')).statusCode).toBe(400);
    expect((await post('/subscribe/unsubscribe', { token: `a\u0000b` })).statusCode).toBe(400);
    await clearSubscribeLimit();
  });

  it('rate limit: the 11th subscription from one client address in an hour is 429 with Retry-After', async () => {
    await clearSubscribeLimit();
    for (let i = 0; i < SUBSCRIBE_PER_IP.limit; i++) expect((await post('/subscribe', { email: newEmail('rl') })).statusCode).toBe(200);
    const refused = await post('/subscribe', { email: newEmail('rl') });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(OccErrorBodySchema.parse(refused.json()).errors[0]).toMatchObject({ reason: 'tooManyAttempts' });
    await clearSubscribeLimit();
  });

  it('notify me: anonymous needs an email; unknown variant 404; no token 401; idempotent per site, variant and email, also concurrently', async () => {
    await setAvailable(t.dbh.db, OUT_VARIANT, 0);
    const noEmail = await post('/notifyMe', { productCode: OUT_VARIANT });
    expect(noEmail.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(noEmail.json()).errors[0]).toMatchObject({ subject: 'email', reason: 'missing' });
    for (const bad of ['x\u0000@example.com', `${'b'.repeat(3000)}@example.com`, 'nope']) {
      const res = await post('/notifyMe', { productCode: OUT_VARIANT, email: bad });
      expect(res.statusCode).toBe(400);
      expect(OccErrorBodySchema.parse(res.json()).errors[0]!.subject).toBe('email');
    }
    const longCode = await post('/notifyMe', { productCode: 'P'.repeat(3000), email: newEmail() });
    expect(longCode.statusCode).toBe(400);
    expect(OccErrorBodySchema.parse(longCode.json()).errors[0]!.subject).toBe('productCode');
    expect((await post('/notifyMe', { productCode: 'NO-SUCH-VARIANT', email: newEmail() })).statusCode).toBe(404);
    expect((await post('/notifyMe', { productCode: OUT_VARIANT, email: newEmail() }, null)).statusCode).toBe(401);
    expect((await post('/notifyMe', { productCode: OUT_VARIANT, email: newEmail() }, 'Bearer not-a-token')).statusCode).toBe(401);

    const email = newEmail('nm');
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/notifyMe', { productCode: OUT_VARIANT, email: email.toUpperCase() })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers[0]!.json()).toEqual({ status: 'pending', message: expect.stringContaining('back in stock') });
    const rows = await t.dbh.db.selectFrom('notify_requests').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);

    // signed in: one click, the email comes from the token
    const customer = await signUpCustomer(t);
    const mine = await post('/notifyMe', { productCode: OUT_VARIANT, email: 'someone.else@example.com' }, customer.auth);
    expect(mine.statusCode).toBe(200);
    const own = await t.dbh.db.selectFrom('notify_requests').selectAll().where('customer_id', '=', customer.id).execute();
    expect(own.map((r) => r.email)).toEqual([customer.email]);
    await t.dbh.db.deleteFrom('notify_requests').execute();
  });

  it('stock back: exactly one email per request, in the shopper’s language, even with concurrent sweeps; the request is dropped', async () => {
    await setAvailable(t.dbh.db, OUT_VARIANT, 0);
    const en = newEmail('back');
    const fr = newEmail('retour');
    expect((await post('/notifyMe', { productCode: OUT_VARIANT, email: en })).statusCode).toBe(200);
    expect((await post('/notifyMe', { productCode: OUT_VARIANT, email: fr, lang: 'fr' }, undefined, 'cab2c')).statusCode).toBe(200);
    // out of stock: sweeps send nothing
    expect(await sweepNotifyRequests(sweepCtx())).toMatchObject({ sent: 0 });
    await setAvailable(t.dbh.db, OUT_VARIANT, 5);
    const results = await Promise.all(Array.from({ length: 4 }, () => sweepNotifyRequests(sweepCtx())));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(2);
    const enMail = await sink.waitFor((m) => m.to.includes(en));
    const frMail = await sink.waitFor((m) => m.to.includes(fr));
    expect(enMail.subject).toMatch(/is back in stock$/);
    expect(frMail.subject).toMatch(/\u202f: .* est de retour en stock$/);
    expect(frMail.decoded).toContain('https://shop.example.test/fr/p/BH-SIGNATURE-DARK?site=cab2c');
    tokenLink(enMail, '/newsletter/unsubscribe');
    const frUnsub = tokenLink(frMail, '/fr/infolettre/desabonnement');
    expect(frUnsub.searchParams.get('token')).toBe(unsubscribeToken(t.config.JWT_SECRET, 'cab2c', fr));
    // later sweeps send nothing more
    expect(await sweepNotifyRequests(sweepCtx())).toMatchObject({ sent: 0 });
    await sleep(200);
    expect(mailsTo(en)).toHaveLength(1);
    expect(mailsTo(fr)).toHaveLength(1);
    expect(await t.dbh.db.selectFrom('notify_requests').select('id').where('email', 'in', [en, fr]).execute()).toEqual([]);
  });

  it('requests older than 90 days are dropped unsent; unsubscribing drops pending requests', async () => {
    await setAvailable(t.dbh.db, OTHER_OUT_VARIANT, 0);
    const old = newEmail('old');
    const gone = newEmail('gone');
    await post('/notifyMe', { productCode: OTHER_OUT_VARIANT, email: old });
    await post('/notifyMe', { productCode: OTHER_OUT_VARIANT, email: gone });
    const later = new Date(Date.now() + (NOTIFY_MAX_AGE_DAYS + 1) * 86_400_000);
    // gone unsubscribes (link of any marketing email) before the stock returns
    expect((await post('/subscribe/unsubscribe', { token: unsubscribeToken(t.config.JWT_SECRET, 'usb2c', gone) })).statusCode).toBe(200);
    const swept = await sweepNotifyRequests(sweepCtx(() => later));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    await setAvailable(t.dbh.db, OTHER_OUT_VARIANT, 10);
    expect(await sweepNotifyRequests(sweepCtx())).toMatchObject({ sent: 0 });
    await sleep(200);
    expect(mailsTo(old)).toHaveLength(0);
    expect(mailsTo(gone)).toHaveLength(0);
    expect(await t.dbh.db.selectFrom('notify_requests').select('id').where('email', 'in', [old, gone]).execute()).toEqual([]);
  });
});
