/**
 * Mailing list and notify-me (issue 12; ADR 0029; spec §5 email rule, §7 subscribe / notifyMe,
 * §8 "failed subscription logs a reason").
 *
 * Mailing list, double opt-in:
 * - {@link subscribe}: the email is checked by the spec §5 rule (400 naming `email`, the reason
 *   logged with the address masked). A new address gets a `pending` row; a pending or
 *   unsubscribed one is re-armed; in both cases a confirmation email (random single-use token,
 *   stored as its sha-256, valid {@link CONFIRM_TOKEN_TTL_DAYS} days) is sent after the database
 *   write, at most once per address per {@link CONFIRM_EMAIL_INTERVAL_MS} (conditional update).
 *   An already confirmed address gets nothing. The answer is the same in every case, so it never
 *   tells whether an address is subscribed.
 * - {@link confirmSubscription}: uses the token once; records consent (time, source,
 *   {@link MAILING_CONSENT_WORDING_VERSION}).
 * - {@link unsubscribe}: a signed token ({@link unsubscribeToken}: HMAC-SHA-256 over site and
 *   email with a key derived from JWT_SECRET) in every marketing email; unsubscribes the address
 *   and drops its pending notify-me requests. Works any number of times.
 *
 * Notify me:
 * - {@link requestNotifyMe}: one pending request per (site, variant, email) (unique, idempotent);
 *   the language the shopper used is kept.
 * - {@link sweepNotifyRequests}: drops requests older than {@link NOTIFY_MAX_AGE_DAYS} days
 *   unsent; for each request whose variant has stock now, claims it (conditional update), sends
 *   ONE email outside any transaction, then deletes it under its claim. Two sweeps (processes)
 *   never send one request twice; a failed send gives the claim back; a sweep that died while
 *   sending leaves a claim that another takes over after {@link NOTIFY_CLAIM_STALE_MS}.
 *   Stock is raised by several paths (catalogue import, cancellations, operators), so the sweep
 *   looks at the stock itself rather than hooking each of them: it runs in every API process
 *   every {@link NOTIFY_SWEEP_INTERVAL_MS} ({@link startNotifySweeper}).
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { MAILING_CONSENT_WORDING_VERSION } from '@store/contracts';
import {
  claimNotifyRequest,
  confirmSubscription as confirmSubscriptionRow,
  deleteClaimedNotifyRequest,
  dropOldNotifyRequests,
  findSiteVariant,
  grantConfirmationEmail,
  insertNotifyRequest,
  insertPendingSubscription,
  listNotifyRequestsInStock,
  normalizeEmail,
  releaseNotifyRequest,
  unsubscribeEverywhere,
  type DbHandle,
} from '@store/db';
import { invalidInput, isBaseSiteId, isLang, notFound, ValidationErrors, type BaseSiteId, type Lang } from '@store/domain';
import { emailErrors } from '../auth/accounts.ts';
import type { Mailer } from '../email/mailer.ts';
import { renderBackInStock, renderSubscriptionConfirmation } from '../email/marketing.ts';
import type { FlowLogger } from '../logger.ts';
import { pickLang } from './context.ts';
import { startPeriodic } from './periodic.ts';

export { MAILING_CONSENT_WORDING_VERSION };

/** Validity of a confirmation link, days. */
export const CONFIRM_TOKEN_TTL_DAYS = 7;
/** At most one confirmation email per address in this many ms (1 hour). */
export const CONFIRM_EMAIL_INTERVAL_MS = 3_600_000;
/** Notify-me requests older than this many days are dropped unsent. */
export const NOTIFY_MAX_AGE_DAYS = 90;
/** A claim older than this (ms) belongs to a sweep that died; another sweep may take it over. */
export const NOTIFY_CLAIM_STALE_MS = 10 * 60_000;
/** How often each API process sweeps notify-me requests (ms). */
export const NOTIFY_SWEEP_INTERVAL_MS = 10_000;
/** Requests handled per sweep at most (the next sweep takes the rest). */
export const NOTIFY_SWEEP_BATCH = 200;
/** Subscription source when the caller names none. */
export const DEFAULT_SUBSCRIBE_SOURCE = 'footer';

const DAY_MS = 86_400_000;

/** What the marketing flows need: database, mailer, logger, clock, storefront URL and the signing secret. */
export interface MarketingContext {
  dbh: DbHandle;
  mailer: Mailer;
  log: FlowLogger;
  now: () => Date;
  /** storefront base URL, no trailing slash (links in emails) */
  storefrontUrl: string;
  /** JWT_SECRET: the unsubscribe token key is derived from it */
  secret: string;
}

/** The answer of every call (spec §7 "status and message"). */
export interface MarketingResult {
  status: 'pending' | 'confirmed' | 'unsubscribed';
  message: string;
}

const MESSAGES = {
  en: {
    subscribed: 'Thanks! Check your inbox and click the link in our email to confirm your subscription.',
    confirmed: 'Your subscription is confirmed. Welcome aboard!',
    unsubscribed: 'You are unsubscribed: you will not receive our marketing emails any more.',
    notify: 'Thanks! We will email you once when this item is back in stock.',
  },
  fr: {
    subscribed: 'Merci\u202f! Consultez votre boîte de réception et cliquez sur le lien de notre courriel pour confirmer votre abonnement.',
    confirmed: 'Votre abonnement est confirmé. Bienvenue\u202f!',
    unsubscribed: 'Votre désabonnement est enregistré\u202f: vous ne recevrez plus nos courriels promotionnels.',
    notify: 'Merci\u202f! Nous vous écrirons une fois, dès que cet article sera de retour en stock.',
  },
} as const;

/**
 * An email for the logs: the first character of the local part and the domain
 * (`a***@example.com`), never the full address (spec §8 logs a reason, not the shopper).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***@${email.slice(at + 1, at + 1 + 100)}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function unsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('store/unsubscribe/v1').digest();
}

/**
 * The signed unsubscribe token of (site, email): `<base64url(site \n email)>.<base64url(hmac)>`.
 * Stateless, so every marketing email ever sent keeps a working link.
 */
export function unsubscribeToken(secret: string, site: BaseSiteId, email: string): string {
  const payload = Buffer.from(`${site}\n${email}`, 'utf8').toString('base64url');
  const mac = createHmac('sha256', unsubscribeKey(secret)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** The (site, email) of a genuine unsubscribe token, else null. */
export function readUnsubscribeToken(secret: string, token: string): { site: BaseSiteId; email: string } | null {
  const dot = token.indexOf('.');
  if (dot < 1) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', unsubscribeKey(secret)).update(payload).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [site, email, ...rest] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  if (rest.length > 0 || !isBaseSiteId(site) || !email) return null;
  return { site, email };
}

const invalidToken = () => invalidInput('InvalidTokenError', 'invalidToken', 'This link is invalid, expired or already used', 'token');

/**
 * Checks an email by the spec §5 rule; on failure logs the reason (address masked) and throws.
 * @throws ValidationErrors 400 naming `email` (`missing`, `invalidEmail`)
 */
function checkedEmail(log: FlowLogger, raw: string, event: string): string {
  const email = normalizeEmail(raw);
  const bad = emailErrors(email);
  if (bad.length > 0) {
    log.warn({ event, reason: bad[0]?.reason, email: maskEmail(email) }, 'marketing email refused');
    throw new ValidationErrors(bad);
  }
  return email;
}

/** Input of {@link subscribe}. */
export interface SubscribeInput {
  site: BaseSiteId;
  email: string;
  lang?: string | undefined;
  source?: string | undefined;
}

/**
 * Subscribes an address (double opt-in; see module comment). The confirmation email, when one is
 * due, is sent in the background after the database write.
 * @throws ValidationErrors 400 naming `email`
 */
export async function subscribe(ctx: MarketingContext, input: SubscribeInput): Promise<MarketingResult> {
  const lang = pickLang(input.site, input.lang);
  const email = checkedEmail(ctx.log, input.email, 'subscribeFailed');
  const source = input.source ?? DEFAULT_SUBSCRIBE_SOURCE;
  const nowDate = ctx.now();
  const now = nowDate.toISOString();
  const db = ctx.dbh.db;
  await insertPendingSubscription(db, { site: input.site, email, lang, source, now });
  const token = randomBytes(32).toString('base64url');
  const granted = await grantConfirmationEmail(db, {
    site: input.site,
    email,
    lang,
    source,
    tokenHash: sha256(token),
    expiresAt: new Date(nowDate.getTime() + CONFIRM_TOKEN_TTL_DAYS * DAY_MS).toISOString(),
    now,
    sentBefore: new Date(nowDate.getTime() - CONFIRM_EMAIL_INTERVAL_MS).toISOString(),
  });
  if (granted) {
    const rendered = renderSubscriptionConfirmation({
      site: input.site,
      lang,
      storefrontUrl: ctx.storefrontUrl,
      token,
      validDays: CONFIRM_TOKEN_TTL_DAYS,
      unsubscribeToken: unsubscribeToken(ctx.secret, input.site, email),
    });
    ctx.mailer.sendInBackground(() => ctx.mailer.send({ to: email, ...rendered }), 'mailing list confirmation');
    ctx.log.info({ event: 'subscribePending', site: input.site, source }, 'mailing list confirmation sent');
  } else {
    // confirmed already, or emailed within the hour: the same answer, no email
    ctx.log.info({ event: 'subscribeNoEmail', site: input.site }, 'mailing list: no confirmation email due');
  }
  return { status: 'pending', message: MESSAGES[lang].subscribed };
}

/**
 * Confirms a subscription with its emailed token (once) and records the consent.
 * @throws DomainError 400 `invalidToken` (unknown, used or expired)
 */
export async function confirmSubscription(ctx: MarketingContext, site: BaseSiteId, token: string, langParam?: string): Promise<MarketingResult> {
  const row = await confirmSubscriptionRow(ctx.dbh.db, sha256(token), ctx.now().toISOString(), MAILING_CONSENT_WORDING_VERSION);
  if (!row || row.site !== site) {
    ctx.log.warn({ event: 'subscribeConfirmFailed', reason: 'invalidToken' }, 'mailing list confirmation refused');
    throw invalidToken();
  }
  ctx.log.info({ event: 'subscribeConfirmed', site, source: row.consentSource, wording: row.consentWording }, 'mailing list subscription confirmed');
  const lang = pickLang(site, langParam, isLang(row.lang) ? row.lang : null);
  return { status: 'confirmed', message: MESSAGES[lang].confirmed };
}

/**
 * Unsubscribes the address of a signed token from the site's marketing emails (idempotent).
 * @throws DomainError 400 `invalidToken` (not signed by us, or for another site)
 */
export async function unsubscribe(ctx: MarketingContext, site: BaseSiteId, token: string, langParam?: string): Promise<MarketingResult> {
  const who = readUnsubscribeToken(ctx.secret, token);
  if (!who || who.site !== site) {
    ctx.log.warn({ event: 'unsubscribeFailed', reason: 'invalidToken' }, 'unsubscribe refused');
    throw invalidToken();
  }
  await unsubscribeEverywhere(ctx.dbh.db, site, who.email, ctx.now().toISOString());
  ctx.log.info({ event: 'unsubscribed', site }, 'marketing emails stopped for an address');
  return { status: 'unsubscribed', message: MESSAGES[pickLang(site, langParam)].unsubscribed };
}

/** Input of {@link requestNotifyMe}. */
export interface NotifyMeInput {
  site: BaseSiteId;
  /** the variant code */
  productCode: string;
  /** the address given (anonymous shoppers) */
  email?: string | undefined;
  /** the signed-in customer (their token's email wins) */
  customer: { id: string; email: string } | null;
  lang?: string | undefined;
}

/**
 * Records a notify-me request (idempotent per site, variant and email).
 * @throws ValidationErrors 400 naming `email` (missing for an anonymous shopper, or bad);
 *   DomainError 404 `UnknownIdentifierError` (no such variant on the site)
 */
export async function requestNotifyMe(ctx: MarketingContext, input: NotifyMeInput): Promise<MarketingResult> {
  const lang = pickLang(input.site, input.lang);
  const email = checkedEmail(ctx.log, input.customer?.email ?? input.email ?? '', 'notifyMeFailed');
  const variant = await findSiteVariant(ctx.dbh.db, input.site, input.productCode);
  if (!variant) throw notFound('UnknownIdentifierError', 'notFound', `Product with code ${input.productCode} not found`, 'productCode');
  const created = await insertNotifyRequest(ctx.dbh.db, {
    site: input.site,
    variantCode: variant.variantCode,
    email,
    lang,
    customerId: input.customer?.id ?? null,
    now: ctx.now().toISOString(),
  });
  ctx.log.info({ event: created ? 'notifyMeCreated' : 'notifyMeExisting', site: input.site, variantCode: variant.variantCode }, 'notify-me request');
  return { status: 'pending', message: MESSAGES[lang].notify };
}

/** Tally of one sweep. */
export interface NotifySweepResult {
  sent: number;
  /** dropped unsent after {@link NOTIFY_MAX_AGE_DAYS} days */
  expired: number;
  /** sending failed (claim given back; the next sweep retries) */
  failed: number;
}

/** Runs one notify-me sweep (see module comment). Never throws for one request; logs it. */
export async function sweepNotifyRequests(ctx: MarketingContext): Promise<NotifySweepResult> {
  const db = ctx.dbh.db;
  const nowDate = ctx.now();
  const now = nowDate.toISOString();
  const staleBefore = new Date(nowDate.getTime() - NOTIFY_CLAIM_STALE_MS).toISOString();
  const result: NotifySweepResult = { sent: 0, expired: 0, failed: 0 };
  result.expired = await dropOldNotifyRequests(db, new Date(nowDate.getTime() - NOTIFY_MAX_AGE_DAYS * DAY_MS).toISOString());
  const due = await listNotifyRequestsInStock(db, staleBefore, NOTIFY_SWEEP_BATCH);
  for (const request of due) {
    const claimId = randomUUID();
    if (!(await claimNotifyRequest(db, request.id, claimId, now, staleBefore))) continue; // another sweep has it
    try {
      if (!isBaseSiteId(request.site)) throw new Error(`unknown site ${request.site}`);
      const variant = await findSiteVariant(db, request.site, request.variantCode);
      if (!variant) {
        // no longer sold on the site: nothing to announce
        await deleteClaimedNotifyRequest(db, request.id, claimId);
        continue;
      }
      const lang: Lang = pickLang(request.site, request.lang);
      const rendered = renderBackInStock({
        site: request.site,
        lang,
        storefrontUrl: ctx.storefrontUrl,
        productName: lang === 'fr' ? variant.nameFr : variant.nameEn,
        productCode: variant.productCode,
        unsubscribeToken: unsubscribeToken(ctx.secret, request.site, request.email),
      });
      // outside any transaction: the claim, not a lock, keeps other sweeps away
      await ctx.mailer.send({ to: request.email, ...rendered });
      await deleteClaimedNotifyRequest(db, request.id, claimId);
      result.sent += 1;
    } catch (error) {
      result.failed += 1;
      ctx.log.error({ event: 'notifyMeSendFailed', requestId: request.id, err: error instanceof Error ? error.message : String(error) }, 'back-in-stock email failed');
      await releaseNotifyRequest(db, request.id, claimId).catch(() => undefined);
    }
  }
  if (result.sent + result.expired + result.failed > 0) ctx.log.info({ event: 'notifyMeSweep', ...result }, 'notify-me requests swept');
  return result;
}

/**
 * Starts the sweeper: one sweep now, then one every `intervalMs` (never two at once in a process;
 * the timer does not keep the process alive). Answers a stop function that resolves once a sweep
 * in progress has finished.
 */
export function startNotifySweeper(ctx: MarketingContext, intervalMs: number = NOTIFY_SWEEP_INTERVAL_MS): () => Promise<void> {
  return startPeriodic(() => sweepNotifyRequests(ctx), intervalMs, ctx.log, 'notify-me sweep failed');
}
