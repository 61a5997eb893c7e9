/**
 * Rate limits of sign-in, forgot-password and gift-card codes (issue 3, issue 9 items 1 and 2;
 * ADR 0007, ADR 0012), DB-backed so every API process shares them (`@store/db` rate-limits
 * repository: one atomic upsert per hit).
 *
 * Fixed windows: a window starts at a multiple of its length since the epoch; when it ends, the
 * count starts again, so nobody is ever locked out for good. A hit over the limit is refused and
 * NOT counted (conditional upsert), so refused attempts never extend a lock. Subjects are hashed
 * into the key (sha-256): any input fits the index and no email or address is stored in clear.
 *
 * The client address is `request.ip`: the real shopper's address, which the storefront hands to
 * the API in process, or which a configured trusted proxy forwards (TRUST_PROXY, ADR 0012). It is
 * never the storefront's own address, so one visitor cannot lock every shopper out.
 *
 * Sign-in (OWASP Authentication Cheat Sheet: limits per account AND client address; a per-account
 * limit slows attempts down instead of refusing the right password):
 * - {@link SIGN_IN_PER_IP}: 20 failures / 15 min per client address (any accounts) → 429;
 * - {@link SIGN_IN_PER_ACCOUNT_AND_IP}: 5 failures / 15 min per account from one address → 429
 *   for that address only;
 * - {@link SIGN_IN_PER_ACCOUNT}: failures on the account from every address are counted and,
 *   past {@link SIGN_IN_SLOWDOWN_AFTER} in the window, each attempt waits before its password is
 *   checked (`signInDelayMs`, doubling up to a cap), whatever the outcome; the right password
 *   still signs the owner in.
 * A success clears the account's counts and takes back its hit on the address.
 *
 * Forgot password (the owner can always reset): 10 / hour per client address and 3 / hour per
 * account from one address → 429; past {@link FORGOT_EMAILS_PER_ACCOUNT} links an hour for one
 * account, the request is answered the same 202 but no new link is sent (the newest link, already
 * in the owner's mailbox, stays valid).
 */
import { createHash } from 'node:crypto';
import { clearRateLimit, hitRateLimit, normalizeEmail, refundRateLimit, type Executor } from '@store/db';

/** A limit: at most `limit` hits per window of `windowS` seconds. */
export interface RateRule {
  /** key prefix, e.g. 'signin:acct' */
  name: string;
  /** hits allowed per window; `Infinity` counts without ever refusing */
  limit: number;
  windowS: number;
}

/** Sign-in failures per client address (any accounts). */
export const SIGN_IN_PER_IP: RateRule = { name: 'signin:ip', limit: 20, windowS: 900 };
/** Sign-in failures per account from one client address. */
export const SIGN_IN_PER_ACCOUNT_AND_IP: RateRule = { name: 'signin:acct-ip', limit: 5, windowS: 900 };
/** Sign-in failures per account from every address: counted for the slowdown, never refused (no limit). */
export const SIGN_IN_PER_ACCOUNT: RateRule = { name: 'signin:acct', limit: Number.POSITIVE_INFINITY, windowS: 900 };
/** Failures on one account in a window after which each attempt is slowed down. */
export const SIGN_IN_SLOWDOWN_AFTER = 10;
/** Forgot-password requests per client address. */
export const FORGOT_PER_IP: RateRule = { name: 'forgot:ip', limit: 10, windowS: 3600 };
/** Forgot-password requests per account (email asked for, known or not) from one client address. */
export const FORGOT_PER_ACCOUNT_AND_IP: RateRule = { name: 'forgot:acct-ip', limit: 3, windowS: 3600 };
/** Reset links emailed per account an hour; past it the answer is the same but no email is sent. */
export const FORGOT_EMAILS_PER_ACCOUNT: RateRule = { name: 'forgot:acct', limit: 5, windowS: 3600 };

/** One counted (or refused) hit. */
export interface RateHit {
  key: string;
  /** ISO-8601 UTC start of the window the hit was counted in */
  windowStart: string;
  /** the count after this hit; for a refused hit, the rule's limit */
  count: number;
  /** false when the subject was already at the limit (the hit was not counted) */
  allowed: boolean;
  /** seconds until the window ends (≥ 1) */
  retryAfterS: number;
}

/** The subject of a per-account rule: the normalised email. */
export function accountSubject(email: string): string {
  return normalizeEmail(email);
}

/** The subject of a per-account-and-address rule. */
export function accountAddressSubject(email: string, clientIp: string): string {
  return `${normalizeEmail(email)}\u0000${clientIp}`;
}

/**
 * The key of a subject under a rule: the rule name and the first 32 hex digits of the subject's
 * sha-256 (fixed length whatever the input; issue 9 item 3).
 */
export function rateKey(rule: RateRule, subject: string): string {
  return `${rule.name}:${createHash('sha256').update(subject, 'utf8').digest('hex').slice(0, 32)}`;
}

/**
 * Counts one hit of `subject` under `rule` at `nowMs` (ms since the epoch). When the subject is
 * already at the limit the hit is refused and not counted (`allowed: false`).
 */
export async function hitRate(db: Executor, rule: RateRule, subject: string, nowMs: number): Promise<RateHit> {
  const windowMs = rule.windowS * 1000;
  const startMs = Math.floor(nowMs / windowMs) * windowMs;
  const key = rateKey(rule, subject);
  const windowStart = new Date(startMs).toISOString();
  const count = await hitRateLimit(db, key, windowStart, Number.isFinite(rule.limit) ? rule.limit : undefined);
  const retryAfterS = Math.max(1, Math.ceil((startMs + windowMs - nowMs) / 1000));
  return { key, windowStart, count: count ?? rule.limit, allowed: count !== null, retryAfterS };
}

/** Takes a counted hit back (it turned out not to count); a refused hit was never counted. */
export async function refundRate(db: Executor, hit: RateHit): Promise<void> {
  if (hit.allowed) await refundRateLimit(db, hit.key, hit.windowStart);
}

/** Forgets every hit of `subject` under `rule`. */
export async function clearRate(db: Executor, rule: RateRule, subject: string): Promise<void> {
  await clearRateLimit(db, rateKey(rule, subject));
}

/** How a sign-in slowdown grows: the first delay and the cap, in ms (configuration, ADR 0012). */
export interface SlowdownSettings {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait before checking a password when the account has had `failures` failed attempts in the
 * window (this attempt not included): 0 up to {@link SIGN_IN_SLOWDOWN_AFTER}, then `baseMs`,
 * doubling with each further failure, at most `maxMs`. Pure.
 */
export function signInDelayMs(failures: number, settings: SlowdownSettings): number {
  if (failures < SIGN_IN_SLOWDOWN_AFTER) return 0;
  const doublings = Math.min(failures - SIGN_IN_SLOWDOWN_AFTER, 30);
  return Math.min(settings.baseMs * 2 ** doublings, settings.maxMs);
}

/**
 * Counts a hit on the client address, then on the account-and-address pair (rules in that
 * order); refused when either is at its limit (the address's hit is then taken back).
 */
async function hitAddressThenPair(
  db: Executor,
  [addressRule, pairRule]: [RateRule, RateRule],
  email: string,
  clientIp: string,
  nowMs: number,
): Promise<{ ok: false; retryAfterS: number } | { ok: true; ip: RateHit; pair: RateHit }> {
  const ip = await hitRate(db, addressRule, clientIp, nowMs);
  if (!ip.allowed) return { ok: false, retryAfterS: ip.retryAfterS };
  const pair = await hitRate(db, pairRule, accountAddressSubject(email, clientIp), nowMs);
  if (!pair.allowed) {
    await refundRate(db, ip);
    return { ok: false, retryAfterS: pair.retryAfterS };
  }
  return { ok: true, ip, pair };
}

/** A password attempt under way, admitted by {@link beginPasswordAttempt}. */
export interface PasswordAttempt {
  /** the right password: clears the account's counts and takes back the address's hit */
  succeeded(): Promise<void>;
  /** the check did not happen (another error): takes every hit back */
  abandoned(): Promise<void>;
}

/** Outcome of {@link beginPasswordAttempt}: admitted, or refused with the seconds to wait. */
export type PasswordAttemptStart = { ok: true; attempt: PasswordAttempt } | { ok: false; retryAfterS: number };

/**
 * Admits one password attempt on the account `email` from `clientIp` (sign-in, change password)
 * under the sign-in rules (see module comment): refused (429) when the address or the pair is over
 * its limit; otherwise counted as a failure until `succeeded()` or `abandoned()`, after waiting
 * the account's slowdown (`sleep(ms)`). A wrong password needs no call: the hits stay counted.
 */
export async function beginPasswordAttempt(
  db: Executor,
  input: { email: string; clientIp: string; nowMs: number; slowdown: SlowdownSettings; sleep?: (ms: number) => Promise<void> },
): Promise<PasswordAttemptStart> {
  const { email, clientIp, nowMs } = input;
  const admitted = await hitAddressThenPair(db, [SIGN_IN_PER_IP, SIGN_IN_PER_ACCOUNT_AND_IP], email, clientIp, nowMs);
  if (!admitted.ok) return admitted;
  const { ip, pair } = admitted;
  const account = await hitRate(db, SIGN_IN_PER_ACCOUNT, accountSubject(email), nowMs);
  const delay = signInDelayMs(account.count - 1, input.slowdown);
  if (delay > 0) await (input.sleep ?? sleep)(delay);
  return {
    ok: true,
    attempt: {
      async succeeded() {
        await clearRateLimit(db, account.key);
        await clearRateLimit(db, pair.key);
        await refundRate(db, ip);
      },
      async abandoned() {
        await refundRate(db, account);
        await refundRate(db, pair);
        await refundRate(db, ip);
      },
    },
  };
}

/** Outcome of {@link admitForgotPassword}. */
export type ForgotPasswordAdmission = { ok: false; retryAfterS: number } | { ok: true; sendEmail: boolean };

/**
 * Admits one forgot-password request for `email` from `clientIp` (see module comment): 429 when
 * the address or the pair is over its limit; otherwise admitted, with `sendEmail` false once the
 * account has had {@link FORGOT_EMAILS_PER_ACCOUNT} links this hour.
 */
export async function admitForgotPassword(db: Executor, email: string, clientIp: string, nowMs: number): Promise<ForgotPasswordAdmission> {
  const admitted = await hitAddressThenPair(db, [FORGOT_PER_IP, FORGOT_PER_ACCOUNT_AND_IP], email, clientIp, nowMs);
  if (!admitted.ok) return admitted;
  const emails = await hitRate(db, FORGOT_EMAILS_PER_ACCOUNT, accountSubject(email), nowMs);
  return { ok: true, sendEmail: emails.allowed };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The 429 body (OCC shape). */
export function tooManyAttemptsBody(): { errors: Array<{ type: string; reason: string; message: string }> } {
  return { errors: [{ type: 'TooManyAttemptsError', reason: 'tooManyAttempts', message: 'Too many attempts. Please try again later.' }] };
}
