/**
 * Commerce routes (carts, checkout, orders, payments, email). Owned by the commerce work;
 * registered by app.ts under the /rest/v2/:baseSiteId prefix. Placeholder until it lands.
 */
import type { FastifyPluginAsync } from 'fastify';

export const commerceRoutes: FastifyPluginAsync = async () => {};
