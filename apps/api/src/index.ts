/**
 * @store/api: the Fastify application (buildApp), its configuration (loadConfig), the server
 * start-up (startServer) and the storefront bridge helpers.
 */
export * from './app.ts';
export * from './config.ts';
export * from './server.ts';
export * from './storefront-bridge.ts';
export type { StorefrontHandler } from './types.ts';
export type { AuthInfo } from './plugins/auth.ts';
export { signClientToken, verifyClientToken, ACCESS_TOKEN_TTL_S } from './plugins/auth.ts';
