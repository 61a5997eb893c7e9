/**
 * Rate limits of sign-in and forgot-password (issue 3, ADR 0007), DB-backed so every API
 * process shares them (`@store/db` rate-limits repository: one atomic upsert per hit).
 *
 * Fixed windows: a window starts at a multiple of its length since the epoch; when it ends, the
 * count starts again, so nobody is ever locked out for good. Rules:
 * - sign-in (password grant): 5 failures / 15 min per account, 20 failures / 15 min per IP; a
 *   successful sign-in clears the account's failures and takes back its IP hit;
 * - forgot-password: 3 / hour per account (the email asked for, known or not), 10 / hour per IP.
 * Over the limit: 429, `Retry-After` = seconds until the window ends, OCC body reason
 * `tooManyAttempts`.
 */
import type { FastifyReply } from 'fastify';
import { clearRateLimit, hitRateLimit, normalizeEmail, refundRateLimit, type Executor } from '@store/db';

/** A limit: at most `limit` hits per window of `windowS` seconds. */
export interface RateRule {
  /** key prefix, e.g. 'signin:acct' */
  name: string;
  limit: number;
  windowS: number;
}

export const SIGN_IN_PER_ACCOUNT: RateRule = { name: 'signin:acct', limit: 5, windowS: 900 };
export const SIGN_IN_PER_IP: RateRule = { name: 'signin:ip', limit: 20, windowS: 900 };
export const FORGOT_PER_ACCOUNT: RateRule = { name: 'forgot:acct', limit: 3, windowS: 3600 };
export const FORGOT_PER_IP: RateRule = { name: 'forgot:ip', limit: 10, windowS: 3600 };

/** One counted hit. */
export interface RateHit {
  key: string;
  /** ISO-8601 UTC start of the window the hit was counted in */
  windowStart: string;
  count: number;
  allowed: boolean;
  /** seconds until the window ends (≥ 1) */
  retryAfterS: number;
}

/** The key of a subject under a rule (emails are normalised). */
export function rateKey(rule: RateRule, subject: string): string {
  return `${rule.name}:${rule.name.endsWith(':acct') ? normalizeEmail(subject) : subject}`;
}

/** Counts one hit of `subject` under `rule` at `nowMs`; `allowed` is false once over the limit. */
export async function hitRate(db: Executor, rule: RateRule, subject: string, nowMs: number): Promise<RateHit> {
  const windowMs = rule.windowS * 1000;
  const startMs = Math.floor(nowMs / windowMs) * windowMs;
  const key = rateKey(rule, subject);
  const windowStart = new Date(startMs).toISOString();
  const count = await hitRateLimit(db, key, windowStart);
  return { key, windowStart, count, allowed: count <= rule.limit, retryAfterS: Math.max(1, Math.ceil((startMs + windowMs - nowMs) / 1000)) };
}

/** Takes a hit back (it turned out not to count). */
export async function refundRate(db: Executor, hit: RateHit): Promise<void> {
  await refundRateLimit(db, hit.key, hit.windowStart);
}

/** Forgets every hit of `subject` under `rule`. */
export async function clearRate(db: Executor, rule: RateRule, subject: string): Promise<void> {
  await clearRateLimit(db, rateKey(rule, subject));
}

/** The 429 body (OCC shape). */
export function tooManyAttemptsBody(): { errors: Array<{ type: string; reason: string; message: string }> } {
  return { errors: [{ type: 'TooManyAttemptsError', reason: 'tooManyAttempts', message: 'Too many attempts. Please try again later.' }] };
}

/** Answers 429 with `Retry-After` and the OCC body; `extra` adds fields (the token endpoint's OAuth `error`). */
export function sendTooManyAttempts(reply: FastifyReply, retryAfterS: number, extra: Record<string, unknown> = {}): FastifyReply {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterS))
    .header('cache-control', 'no-store')
    .send({ ...extra, ...tooManyAttemptsBody() });
}
