/**
 * Mailing-list and notify-me routes under /rest/v2/:baseSiteId (issue 12; ADR 0029; spec §7
 * subscribe / notifyMe; contracts in @store/contracts marketing.ts). Defined once (ADR 0021):
 * served over HTTP and by the direct transport. Thin handlers: rate limit, call
 * flows/marketing.ts, answer `{status, message}`.
 *
 * - `POST /subscribe` (client token) — double opt-in; {@link SUBSCRIBE_PER_IP} per client address.
 * - `POST /subscribe/confirm`, `POST /subscribe/unsubscribe` (client token) — the emailed tokens.
 * - `POST /notifyMe` (client or customer token) — {@link NOTIFY_ME_PER_IP} per client address.
 *
 * The plugin also runs the notify-me sweeper in the process (every 10 s), except under
 * NODE_ENV=test where tests run sweeps themselves (option `sweeper`).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { BaseSiteParamsSchema, MarketingAnswerSchema, MarketingTokenRequestSchema, NotifyMeRequestSchema, OccErrorBodySchema, SubscribeRequestSchema } from '@store/contracts';
import { unauthorized } from '@store/domain';
import { hitRate, tooManyAttemptsBody, type RateRule } from '../auth/rate-limit.ts';
import { verifyClientToken } from '../auth/tokens.ts';
import type { Mailer } from '../email/mailer.ts';
import { defineRoute, registerApiRoutes, type ApiContext } from '../http/api-route.ts';
import { bearerOfHeader } from '../plugins/auth.ts';
import { confirmSubscription, requestNotifyMe, startNotifySweeper, subscribe, unsubscribe, type MarketingContext } from '../flows/marketing.ts';

/** Subscribe requests per client address (issue 12: rate-limited like issue 9's limits, ADR 0012). */
export const SUBSCRIBE_PER_IP: RateRule = { name: 'subscribe:ip', limit: 10, windowS: 3600 };
/** Notify-me requests per client address. */
export const NOTIFY_ME_PER_IP: RateRule = { name: 'notifyme:ip', limit: 30, windowS: 3600 };

const errors = { 400: OccErrorBodySchema, 401: OccErrorBodySchema, 404: OccErrorBodySchema, 429: OccErrorBodySchema };
const CLIENT_SECURITY = [{ clientToken: [] }];

/** Options of {@link marketingRoutes}. */
export interface MarketingRoutesOptions {
  mailer: Mailer;
  /** run the notify-me sweeper in this process (default: on unless NODE_ENV=test) */
  sweeper?: boolean;
}

/** The flows' context of an app. */
export function marketingContextOf(app: FastifyInstance, mailer: Mailer): MarketingContext {
  return {
    dbh: app.dbh,
    mailer,
    log: app.log,
    now: () => new Date(),
    storefrontUrl: app.config.STOREFRONT_PUBLIC_URL,
    secret: app.config.JWT_SECRET,
  };
}

/** Counts a hit of the client address; false (and the 429 answer set up) when over the limit. */
async function admit(app: FastifyInstance, rule: RateRule, rc: ApiContext): Promise<boolean> {
  const hit = await hitRate(app.dbh.db, rule, rc.ip, Date.now());
  if (hit.allowed) return true;
  rc.log.warn({ event: 'marketingRateLimited', rule: rule.name }, 'too many marketing requests from one address');
  rc.status(429);
  rc.header('retry-after', String(hit.retryAfterS));
  rc.header('cache-control', 'no-store');
  return false;
}

/** The route definitions (see module comment). */
export function marketingRouteList(app: FastifyInstance, ctx: MarketingContext) {
  return [
    defineRoute({
      method: 'POST',
      url: '/subscribe',
      auth: 'client',
      docs: {
        tags: ['marketing'],
        summary: 'Subscribe to the mailing list (double opt-in): the same answer whether or not the address is subscribed',
        description: '400 names `email` (spec §5 rule); 429 `tooManyAttempts` per client address. At most one confirmation email per address an hour.',
        security: CLIENT_SECURITY,
      },
      schema: { params: BaseSiteParamsSchema, body: SubscribeRequestSchema, response: { 200: MarketingAnswerSchema, ...errors } },
      // spec §8: a subscription refused by the request schema (NUL, too long, not a string) logs its reason too
      onInvalid: (log, field) => logRefused(log, 'subscribeFailed', field),
      handler: async ({ body }, rc) => {
        if (!(await admit(app, SUBSCRIBE_PER_IP, rc))) return tooManyAttemptsBody() as never;
        rc.header('cache-control', 'no-store');
        return subscribe({ ...ctx, log: rc.log }, { site: rc.site, email: body.email, lang: body.lang, source: body.source });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/subscribe/confirm',
      auth: 'client',
      docs: { tags: ['marketing'], summary: 'Confirm a mailing-list subscription with the emailed single-use token (records consent)', security: CLIENT_SECURITY },
      schema: { params: BaseSiteParamsSchema, body: MarketingTokenRequestSchema, response: { 200: MarketingAnswerSchema, ...errors } },
      handler: async ({ body }, rc) => {
        rc.header('cache-control', 'no-store');
        return confirmSubscription({ ...ctx, log: rc.log }, rc.site, body.token, body.lang);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/subscribe/unsubscribe',
      auth: 'client',
      docs: { tags: ['marketing'], summary: 'Unsubscribe from marketing emails with the token of any marketing email (idempotent)', security: CLIENT_SECURITY },
      schema: { params: BaseSiteParamsSchema, body: MarketingTokenRequestSchema, response: { 200: MarketingAnswerSchema, ...errors } },
      handler: async ({ body }, rc) => {
        rc.header('cache-control', 'no-store');
        return unsubscribe({ ...ctx, log: rc.log }, rc.site, body.token, body.lang);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/notifyMe',
      auth: 'none',
      docs: {
        tags: ['marketing'],
        summary: 'Notify me when an out-of-stock variant is back: one email, then the request is dropped (or after 90 days)',
        description: 'A customer token: the email is the customer’s. A client token: `email` is required. Idempotent per site, variant and email. 404 unknown variant; 429 per client address.',
        security: [{ clientToken: [] }, { customerToken: [] }],
      },
      schema: { params: BaseSiteParamsSchema, body: NotifyMeRequestSchema, response: { 200: MarketingAnswerSchema, ...errors } },
      onInvalid: (log, field) => logRefused(log, 'notifyMeFailed', field),
      handler: async ({ body }, rc) => {
        const token = bearerOfHeader(rc.authorization);
        const customer = token ? await app.verifyCustomer(token) : null;
        if (!customer && !(token && (await verifyClientToken(app.config.JWT_SECRET, token)))) {
          rc.header('www-authenticate', 'Bearer');
          throw unauthorized('UnauthorizedError', token ? 'invalidToken' : 'missingToken', 'Full authentication is required to access this resource');
        }
        if (!(await admit(app, NOTIFY_ME_PER_IP, rc))) return tooManyAttemptsBody() as never;
        rc.header('cache-control', 'no-store');
        return requestNotifyMe(
          { ...ctx, log: rc.log },
          { site: rc.site, productCode: body.productCode, email: body.email, customer: customer ? { id: customer.id, email: customer.email } : null, lang: body.lang },
        );
      },
    }),
  ];
}

/** Logs a request the schemas refused (spec §8: a failed subscription logs a reason), without its values. */
function logRefused(log: FastifyBaseLogger, event: 'subscribeFailed' | 'notifyMeFailed', field: string | null): void {
  log.warn({ event, reason: 'invalidInput', field }, 'marketing request refused');
}

/** Registers the routes (and the sweeper) on the /rest/v2/:baseSiteId scope. */
export async function marketingRoutes(scope: FastifyInstance, opts: MarketingRoutesOptions): Promise<void> {
  const ctx = marketingContextOf(scope, opts.mailer);
  registerApiRoutes(scope, marketingRouteList(scope, ctx));
  if (opts.sweeper ?? scope.config.NODE_ENV !== 'test') {
    let stop: () => Promise<void> = async () => {};
    scope.addHook('onReady', async () => {
      stop = startNotifySweeper(ctx);
    });
    scope.addHook('onClose', async () => {
      await stop();
    });
  }
}
