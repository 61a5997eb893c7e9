/**
 * Redis for tests of the shared page cache (ADR 0038): the test server's URL (database 15, kept
 * apart from anything else on the machine), a page store that is ready to answer, and the
 * clean-up of a test's keys (each test uses its own key prefix).
 */
import { Redis } from 'ioredis';
import { createRedisPageStore } from '@store/contracts/page-cache';

/** `TEST_REDIS_URL`, default `redis://127.0.0.1:6379/15`. */
export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
}

/** A Redis page store under `prefix`, once its connection answers (throws after about 4 s). */
export async function readyRedisPageStore(prefix: string, url = testRedisUrl()): Promise<ReturnType<typeof createRedisPageStore>> {
  const store = createRedisPageStore({ url, prefix, log: () => undefined });
  for (let i = 0; (await store.generation!()) === null; i++) {
    if (i > 200) {
      await store.close();
      throw new Error('Redis not ready');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return store;
}

/** Visits every key starting with `prefix` (SCAN), a batch at a time. */
async function scanKeys(admin: Redis, prefix: string, visit: (keys: string[]) => Promise<unknown>): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await visit(keys);
  } while (cursor !== '0');
}

/** Deletes every key starting with `prefix` (SCAN, then DEL in batches). */
export async function deleteRedisKeys(prefix: string, url = testRedisUrl()): Promise<void> {
  const admin = new Redis(url);
  try {
    await scanKeys(admin, prefix, (keys) => admin.del(...keys));
  } finally {
    admin.disconnect();
  }
}

/** Every key starting with `prefix`, sorted. */
export async function listRedisKeys(prefix: string, url = testRedisUrl()): Promise<string[]> {
  const admin = new Redis(url);
  const found: string[] = [];
  try {
    await scanKeys(admin, prefix, async (keys) => void found.push(...keys));
  } finally {
    admin.disconnect();
  }
  return found.sort();
}
