/**
 * Probes for load balancers (issue 2): `GET /healthz` answers 200 while the process is up;
 * `GET /readyz` answers 200 when the database answers `SELECT 1` within
 * {@link READINESS_TIMEOUT_MS}, else 503 `unavailable` (issue 9 item 4: a database that stopped
 * answering must not hang the probe).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDb } from '@store/db';

/** How long the readiness probe waits for the database, ms. */
export const READINESS_TIMEOUT_MS = 2_000;

const HealthSchema = z.object({ status: z.enum(['ok', 'ready', 'unavailable']) });

export const healthRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/healthz',
    { logLevel: 'warn', schema: { tags: ['health'], summary: 'Liveness: the process is up', response: { 200: HealthSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      schema: { tags: ['health'], summary: 'Readiness: the database answers', response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (await pingDb(app.dbh, READINESS_TIMEOUT_MS)) return { status: 'ready' as const };
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  );
};
