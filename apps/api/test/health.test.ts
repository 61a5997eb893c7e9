import { describe, expect, it } from 'vitest';
import { buildTestApp, dbKinds } from '@store/testing';

describe.each(dbKinds())('probes on %s', (kind) => {
  it('GET /healthz answers while the process is up; GET /readyz follows the database', async () => {
    const t = await buildTestApp(kind);
    try {
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      expect(health.headers['cache-control']).toBe('no-store');
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });

      await t.dbh.close(); // the database goes away
      const down = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
