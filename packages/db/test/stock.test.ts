/**
 * Stock taken and given back several variants at a time (DESIGN "Concurrency and integrity";
 * issue 9: a 500 `deadlock detected` on PostgreSQL when concurrent multi-line checkouts took their
 * lines in different orders). One conditional statement per call, and on PostgreSQL the rows are
 * locked in variant-code order whatever the order of the lines and of the rows in the table, so
 * concurrent transactions queue instead of deadlocking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueryCounter, DEMO_CODES, getAvailable, incrementStockMany, setAvailable, tryDecrementStockMany, withTransaction } from '@store/db';
import { createTestDb, dbKinds, type TestDb } from '@store/testing';

const A = DEMO_CODES.coffeeVariant24;
const B = DEMO_CODES.coffeeVariant48;
const C = DEMO_CODES.coffeeVariant96;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe.each(dbKinds())('stock of several variants on %s', (kind) => {
  let t: TestDb;
  const counter = createQueryCounter();
  beforeAll(async () => {
    t = await createTestDb(kind, { plugins: [counter] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes every line or names the short variants, in one statement', async () => {
    await setAvailable(t.dbh.db, A, 5);
    await setAvailable(t.dbh.db, B, 1);
    counter.reset();
    const short = await withTransaction(t.dbh, async (trx) => {
      const missing = await tryDecrementStockMany(trx, [
        { variantCode: B, qty: 2 },
        { variantCode: A, qty: 1 },
        { variantCode: A, qty: 1 },
      ]);
      return missing;
    });
    expect(short).toEqual([B]);
    // BEGIN/COMMIT are not statements of the query builder: one UPDATE
    expect(counter.count).toBe(1);
    expect(await getAvailable(t.dbh.db, A)).toBe(3);
    expect(await getAvailable(t.dbh.db, B)).toBe(1);
    counter.reset();
    await incrementStockMany(t.dbh.db, [
      { variantCode: B, qty: 1 },
      { variantCode: A, qty: 2 },
      { variantCode: A, qty: 1 },
    ]);
    expect(counter.count).toBe(1);
    expect(await getAvailable(t.dbh.db, A)).toBe(6);
    expect(await getAvailable(t.dbh.db, B)).toBe(2);
  });

  it('concurrent transactions taking and giving back the same variants in opposite orders never deadlock', async () => {
    const ROUNDS = 8;
    const WORKERS = 12;
    for (let round = 0; round < ROUNDS; round++) {
      // Each update writes a new row version elsewhere in the table: updating in a varying order
      // shuffles where the rows sit, so a scan meets them in a different order each round.
      const order = round % 2 === 0 ? [C, B, A] : [A, C, B];
      for (const code of order) await setAvailable(t.dbh.db, code, 1000);
      const results = await Promise.allSettled(
        Array.from({ length: WORKERS }, (_, i) =>
          withTransaction(t.dbh, async (trx) => {
            const lines = i % 2 === 0 ? [A, B, C] : [C, B, A];
            const short = await tryDecrementStockMany(trx, lines.map((variantCode) => ({ variantCode, qty: 1 })));
            expect(short).toEqual([]);
            await sleep(2);
            if (i % 3 === 0) await incrementStockMany(trx, [...lines].reverse().map((variantCode) => ({ variantCode, qty: 1 })));
          }),
        ),
      );
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as Error).message)] : []));
      expect(failures).toEqual([]);
      const given = Math.ceil(WORKERS / 3);
      for (const code of [A, B, C]) expect(await getAvailable(t.dbh.db, code)).toBe(1000 - WORKERS + given);
    }
  });
});
