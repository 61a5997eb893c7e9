/**
 * @store/api: the Fastify application (buildApp), its configuration (loadConfig), the server
 * start-up (startServer) and the storefront bridge helpers.
 */
export * from './app.ts';
export * from './config.ts';
export * from './server.ts';
export * from './storefront-bridge.ts';
export type { StorefrontHandler, StorefrontRequestInfo } from './types.ts';
export { fileSecretStore, SECRETS_FILE } from './secrets.ts';
export type { AuthInfo } from './plugins/auth.ts';
export { signClientToken, verifyClientToken, ACCESS_TOKEN_TTL_S } from './plugins/auth.ts';
export { SIGN_IN_PER_ACCOUNT, SIGN_IN_SLOWDOWN_AFTER, accountSubject, rateKey, signInDelayMs } from './auth/rate-limit.ts';
