/**
 * Mailing list and notify-me contracts (issue 12; spec §5 email rule, §7 "Subscribe (POST,
 * payload email; response status and message)" and notifyMe; ADR 0029), under
 * /rest/v2/{baseSiteId} with a client (machine) token, or a customer token for notifyMe:
 *
 * - `POST /subscribe` {email, lang?, source?} → 200 {status: 'pending', message}: the same answer
 *   for a new, pending or already confirmed address (no enumeration); a double opt-in email is
 *   sent at most once an hour per address. 400 names `email` (spec §5 rule, NUL, too long);
 *   429 `tooManyAttempts` per client address.
 * - `POST /subscribe/confirm` {token} → 200 {status: 'confirmed', message}; a used, expired or
 *   unknown token → 400 `invalidToken`.
 * - `POST /subscribe/unsubscribe` {token} → 200 {status: 'unsubscribed', message} (idempotent);
 *   a bad token → 400 `invalidToken`.
 * - `POST /notifyMe` {productCode, email?, lang?} → 200 {status: 'pending', message}: one email
 *   when the variant is back in stock. A signed-in customer's email comes from the token;
 *   anonymous calls must send `email`. Unknown variant → 404; 429 per client address.
 */
import { z } from 'zod';
import type { ApiCore } from './client.ts';
import { LangSchema } from './catalog.ts';
import { codeInput, emailInput, tokenInput } from './input.ts';

/** Where a subscription was made (`footer`, `checkout`, `account`, ...): letters, digits, `-`, `_`, ≤ 32. */
export const SubscribeSourceSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'must be 1-32 letters, digits, - or _' });

/** `POST /subscribe` body (spec §7 "payload email"). */
export const SubscribeRequestSchema = z.object({
  email: emailInput(),
  lang: LangSchema.optional(),
  source: SubscribeSourceSchema.optional(),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

/** `POST /subscribe/confirm` and `/subscribe/unsubscribe` body: the emailed token. */
export const MarketingTokenRequestSchema = z.object({
  token: tokenInput(512).min(1),
  lang: LangSchema.optional(),
});
export type MarketingTokenRequest = z.infer<typeof MarketingTokenRequestSchema>;

/** `POST /notifyMe` body: the variant code; `email` required for anonymous shoppers. */
export const NotifyMeRequestSchema = z.object({
  productCode: codeInput().min(1),
  email: emailInput().optional(),
  lang: LangSchema.optional(),
});
export type NotifyMeRequest = z.infer<typeof NotifyMeRequestSchema>;

/** Answer of the mailing-list and notify-me calls (spec §7 "response status and message"); `message` in the request's language. */
export const MarketingAnswerSchema = z.object({
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  message: z.string(),
});
export type MarketingAnswer = z.infer<typeof MarketingAnswerSchema>;

/** The mailing-list and notify-me calls (see module comment). */
export interface MarketingCalls {
  subscribe(site: string, body: SubscribeRequest): Promise<MarketingAnswer>;
  confirmSubscription(site: string, body: MarketingTokenRequest): Promise<MarketingAnswer>;
  unsubscribe(site: string, body: MarketingTokenRequest): Promise<MarketingAnswer>;
  notifyMe(site: string, body: NotifyMeRequest): Promise<MarketingAnswer>;
}

/** The calls over a transport (the client token, or a customer token for a signed-in notifyMe). @throws ApiError */
export function createMarketingClient(core: ApiCore): MarketingCalls {
  const s = (site: string) => `/${encodeURIComponent(site)}`;
  return {
    subscribe: (site, body) => core.request('POST', `${s(site)}/subscribe`, { body, schema: MarketingAnswerSchema }),
    confirmSubscription: (site, body) => core.request('POST', `${s(site)}/subscribe/confirm`, { body, schema: MarketingAnswerSchema }),
    unsubscribe: (site, body) => core.request('POST', `${s(site)}/subscribe/unsubscribe`, { body, schema: MarketingAnswerSchema }),
    notifyMe: (site, body) => core.request('POST', `${s(site)}/notifyMe`, { body, schema: MarketingAnswerSchema }),
  };
}

/**
 * Version of the mailing-list consent wording the shopper agrees to (issue 12; ADR 0029), recorded
 * with each confirmed subscription (`consent_wording`) next to its time and source. The wording is
 * the footer form's `newsletter.consent` text (storefront i18n, en + fr) and the confirmation
 * email's: "Get coffee news, offers and new arrivals by email. Unsubscribe at any time with the
 * link in every email." Change this value whenever that wording changes, so each consent says
 * which text it was given for.
 */
export const MAILING_CONSENT_WORDING_VERSION = 'mailing-consent-2026-11-v1';
