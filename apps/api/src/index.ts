/**
 * @store/api: the Fastify application (buildApp), its configuration (loadConfig), the server
 * start-up (startServer) and the storefront bridge helpers.
 */
export * from './app.ts';
export * from './config.ts';
export * from './server.ts';
export * from './storefront-bridge.ts';
export {
  createDirectDispatcher,
  INJECT_ONLY_ROUTES,
  isInjectOnlyRoute,
  routeMatcher,
  type DirectAnswer,
  type DirectDispatcher,
  type DirectFallback,
  type DirectFallbackReason,
  type DirectRequest,
} from './http/direct.ts';
export type { StorefrontHandler, StorefrontRequestInfo } from './types.ts';
export { fileSecretStore, SECRETS_FILE } from './secrets.ts';
export type { AuthInfo } from './auth/tokens.ts';
export { signClientToken, verifyClientToken, ACCESS_TOKEN_TTL_S } from './auth/tokens.ts';
export { SIGN_IN_PER_ACCOUNT, SIGN_IN_SLOWDOWN_AFTER, accountSubject, rateKey, signInDelayMs } from './auth/rate-limit.ts';
export { runRecurringOrders, type RecurringRunResult } from './flows/recurring-orders.ts';
export type { CommerceContext, FlowLogger } from './flows/context.ts';
export { TestPaymentProvider } from './payments/index.ts';
export type { Mailer } from './email/mailer.ts';
export { loadStorefrontBuild, registerStorefrontRoutes, IMMUTABLE_CACHE_CONTROL, STATIC_CACHE_CONTROL } from './storefront-routes.ts';
export type { StorefrontBuildModule, StorefrontHandlerOptions } from './types.ts';
