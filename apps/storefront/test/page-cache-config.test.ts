/** Issue 11 items 4–5 (ADR 0019, 0038): the page cache and render settings read from the environment. */
import { describe, expect, it } from 'vitest';
import { pageCacheConfigFromEnv } from '../server/page-cache-config.ts';
import { DEFAULT_RENDER_QUEUE_TIMEOUT_MS, DEFAULT_RENDER_TIMEOUT_MS, beforeDeadline, LATE } from '../server/render-limiter.ts';

describe('pageCacheConfigFromEnv', () => {
  it('has the documented defaults', () => {
    const c = pageCacheConfigFromEnv({});
    expect(c).toMatchObject({ enabled: true, ttlMs: 60_000, staleMs: 300_000, renderQueueTimeoutMs: DEFAULT_RENDER_QUEUE_TIMEOUT_MS, renderTimeoutMs: DEFAULT_RENDER_TIMEOUT_MS, purgeSecret: null });
    expect(DEFAULT_RENDER_TIMEOUT_MS).toBe(3_000);
  });

  it('reads RENDER_TIMEOUT_MS (0 turns the deadline off) and refuses a bad value naming the variable', () => {
    expect(pageCacheConfigFromEnv({ RENDER_TIMEOUT_MS: '0' }).renderTimeoutMs).toBe(0);
    expect(pageCacheConfigFromEnv({ RENDER_TIMEOUT_MS: ' 2500 ' }).renderTimeoutMs).toBe(2_500);
    for (const bad of ['-1', '1.5', 'soon', '600001']) expect(() => pageCacheConfigFromEnv({ RENDER_TIMEOUT_MS: bad }), bad).toThrow(/RENDER_TIMEOUT_MS/);
    expect(() => pageCacheConfigFromEnv({ PAGE_CACHE_TTL_MS: '10' })).toThrow(/PAGE_CACHE_TTL_MS: must be an integer from 1000/);
  });
});

describe('beforeDeadline', () => {
  it('answers the work when it comes first, LATE when the deadline does, and waits without a deadline', async () => {
    expect(await beforeDeadline(Promise.resolve('page'), Date.now() + 1_000)).toBe('page');
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('late page'), 200));
    expect(await beforeDeadline(slow, Date.now() + 20)).toBe(LATE);
    expect(await slow).toBe('late page'); // the work went on
    expect(await beforeDeadline(Promise.resolve('x'), Date.now() - 1)).toBe(LATE);
    expect(await beforeDeadline(new Promise((r) => setTimeout(() => r('y'), 30)), 0)).toBe('y');
  });
});
