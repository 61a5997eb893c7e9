/**
 * Precompiled queries (issue 11 item 6, ADR 0022): the same rows as the query built each time, on
 * both dialects, inside and outside transactions; seen by statement counters; and a query whose
 * argument is not bound as a plain value is refused instead of running a wrong statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueryCounter, DEMO_CODES, precompile, withTransaction } from '@store/db';
import { createTestDb, dbKinds, type TestDb } from '@store/testing';

const byCode = precompile(2, (db, code: string, minAvailable: number) =>
  db.selectFrom('stock').select(['variant_code', 'available']).where('variant_code', '=', code).where('available', '>=', minAvailable).limit(1),
);

describe.each(dbKinds())('precompiled queries on %s', (kind) => {
  let t: TestDb;
  const counter = createQueryCounter();
  beforeAll(async () => {
    t = await createTestDb(kind, { plugins: [counter] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers what the built query answers, for different arguments, in and out of a transaction', async () => {
    for (const code of [DEMO_CODES.coffeeVariant24, DEMO_CODES.coffeeVariant48, 'NO-SUCH-VARIANT']) {
      const built = await t.dbh.db.selectFrom('stock').select(['variant_code', 'available']).where('variant_code', '=', code).where('available', '>=', 0).limit(1).execute();
      expect((await byCode(t.dbh.db, code, 0)).rows).toEqual(built);
      expect(await withTransaction(t.dbh, async (trx) => (await byCode(trx, code, 0)).rows)).toEqual(built);
    }
    expect((await byCode(t.dbh.db, DEMO_CODES.coffeeVariant24, 1_000_000_000)).rows).toEqual([]);
  });

  it('is counted once per run by statement counters (plugins see the query)', async () => {
    counter.reset();
    await byCode(t.dbh.db, DEMO_CODES.coffeeVariant24, 0);
    await byCode(t.dbh.db, DEMO_CODES.coffeeVariant48, 0);
    expect(counter.count).toBe(2);
    expect(counter.kinds).toEqual(['SelectQueryNode', 'SelectQueryNode']);
  });

  it('refuses an argument that is transformed, or never bound, before it runs anything', async () => {
    const transformed = precompile(1, (db, code: string) => db.selectFrom('stock').selectAll().where('variant_code', 'like', `${code}%`));
    await expect(transformed(t.dbh.db, 'x')).rejects.toThrow(/transformed/);
    const unbound = precompile(1, (db, row: { code: string }) => db.selectFrom('stock').selectAll().where('variant_code', '=', row.code));
    await expect(unbound(t.dbh.db, { code: 'x' })).rejects.toThrow(/never bound|transformed/);
  });
});
