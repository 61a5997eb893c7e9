/**
 * The token lifecycle of spec §4 / §8 / §9 (app/lib/auth/token-lifecycle.ts), one test per rule,
 * with vitest fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRefreshCoordinator,
  NO_TOKENS,
  REFRESH_POLL_MS,
  REFRESH_WAIT_MS,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_WAITING_MESSAGE,
  TokenLifecycle,
} from '../app/lib/auth/token-lifecycle.ts';
import type { AuthStore, AuthTokens, RefreshAnswer, RefreshCoordinator, TokenLifecycleDeps } from '../app/lib/auth/token-lifecycle.ts';

function memoryStore(initial: AuthTokens): AuthStore & { clears: number } {
  let t = { ...initial };
  const s = {
    clears: 0,
    get: () => t,
    set(next: AuthTokens) {
      t = { ...next };
    },
    clear() {
      t = { ...NO_TOKENS };
      s.clears += 1;
    },
  };
  return s;
}

const T0 = Date.UTC(2026, 0, 1);
const ok = (status = 200) => new Response('{}', { status, headers: { 'content-type': 'application/json' } });

function setup(initial: AuthTokens, over: Partial<TokenLifecycleDeps> = {}) {
  const store = memoryStore(initial);
  const coordinator: RefreshCoordinator = over.coordinator ?? createRefreshCoordinator({ now: () => Date.now() });
  const refresh = vi.fn<(rt: string) => Promise<RefreshAnswer>>(async () => ({ access_token: 'at2', refresh_token: 'rt2', expires_in: 900 }));
  const fetch = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>(async () => ok());
  const lifecycle = new TokenLifecycle({ store, coordinator, refresh, fetch, ...over });
  return { store, coordinator, refresh: (over.refresh as typeof refresh | undefined) ?? refresh, fetch: (over.fetch as typeof fetch | undefined) ?? fetch, lifecycle };
}

const authOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('authorization');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('token lifecycle (spec §4, §8, §9)', () => {
  it('rule 1: a token is valid only if it exists and its expiry has not passed', () => {
    expect(setup({ accessToken: 'at', refreshToken: null, expiresAt: T0 + 1000 }).lifecycle.isTokenValid()).toBe(true);
    expect(setup({ accessToken: null, refreshToken: 'rt', expiresAt: T0 + 1000 }).lifecycle.isTokenValid()).toBe(false);
    expect(setup({ accessToken: 'at', refreshToken: null, expiresAt: null }).lifecycle.isTokenValid()).toBe(false);
    const { lifecycle } = setup({ accessToken: 'at', refreshToken: null, expiresAt: T0 + 1000 });
    vi.advanceTimersByTime(1000);
    expect(lifecycle.isTokenValid()).toBe(false);
  });

  it('rule 2: an expired token with a refresh token is refreshed before the authenticated call', async () => {
    const { lifecycle, refresh, fetch } = setup({ accessToken: 'old', refreshToken: 'rt1', expiresAt: T0 - 1 });
    await lifecycle.fetch('http://api/x');
    expect(refresh).toHaveBeenCalledWith('rt1');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(authOf(fetch.mock.calls[0]?.[1])).toBe('Bearer at2');
  });

  it('rule 2: a valid token is used without refreshing; no refresh token means no token', async () => {
    const a = setup({ accessToken: 'at', refreshToken: 'rt', expiresAt: T0 + 60_000 });
    await a.lifecycle.fetch('http://api/x');
    expect(a.refresh).not.toHaveBeenCalled();
    expect(authOf(a.fetch.mock.calls[0]?.[1])).toBe('Bearer at');
    const b = setup({ accessToken: 'old', refreshToken: null, expiresAt: T0 - 1 });
    expect(await b.lifecycle.getValidAccessToken()).toBeNull();
    expect(b.refresh).not.toHaveBeenCalled();
  });

  it('rule 3: a caller arriving during a refresh polls every 200 ms and gets the new token', async () => {
    let release!: (a: RefreshAnswer) => void;
    const coordinator = createRefreshCoordinator({ now: () => Date.now() });
    const refresh = vi.fn(() => new Promise<RefreshAnswer>((r) => (release = r)));
    const first = setup({ accessToken: null, refreshToken: 'rt1', expiresAt: null }, { coordinator, refresh });
    const second = setup({ accessToken: null, refreshToken: 'rt1', expiresAt: null }, { coordinator, refresh });
    const p1 = first.lifecycle.getValidAccessToken();
    const p2 = second.lifecycle.getValidAccessToken();
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_MS * 3);
    expect(refresh).toHaveBeenCalledTimes(1);
    release({ access_token: 'at2', refresh_token: 'rt2', expires_in: 900 });
    await expect(p1).resolves.toBe('at2');
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_MS);
    await expect(p2).resolves.toBe('at2');
    expect(second.store.get()).toEqual({ accessToken: 'at2', refreshToken: 'rt2', expiresAt: T0 + REFRESH_POLL_MS * 3 + 900_000 });
  });

  it('rule 3: after 10000 ms of waiting the caller fails with "Timeout waiting for user login"', async () => {
    const coordinator = createRefreshCoordinator();
    coordinator.start('rt1');
    const sleep = vi.fn((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    const { lifecycle } = setup({ accessToken: null, refreshToken: 'rt1', expiresAt: null }, { coordinator, sleep });
    let settled = false;
    const p = lifecycle.getValidAccessToken().finally(() => {
      settled = true;
    });
    const outcome = expect(p).rejects.toThrow(TIMEOUT_WAITING_MESSAGE);
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(sleep).toHaveBeenCalledTimes(REFRESH_WAIT_MS / REFRESH_POLL_MS);
    expect(sleep.mock.calls.every(([ms]) => ms === REFRESH_POLL_MS)).toBe(true);
  });

  it('rule 4: success stores the new tokens and expiry and resets the in-progress flag', async () => {
    const { lifecycle, store, coordinator } = setup({ accessToken: null, refreshToken: 'rt1', expiresAt: null });
    await expect(lifecycle.refresh()).resolves.toBe('at2');
    expect(store.get()).toEqual({ accessToken: 'at2', refreshToken: 'rt2', expiresAt: T0 + 900_000 });
    expect(coordinator.inProgress('rt1')).toBe(false);
    expect(lifecycle.isRefreshInProgress()).toBe(false);
  });

  it('rule 5: failure clears all auth data and the flag', async () => {
    const refresh = vi.fn(async () => {
      throw Object.assign(new Error('invalid_grant'), { status: 401 });
    });
    const { lifecycle, store, coordinator } = setup({ accessToken: 'old', refreshToken: 'rt1', expiresAt: T0 - 1 }, { refresh });
    await expect(lifecycle.refresh()).resolves.toBeNull();
    expect(store.get()).toEqual(NO_TOKENS);
    expect(store.clears).toBe(1);
    expect(coordinator.inProgress('rt1')).toBe(false);
  });

  it('rule 6: a 401 drops the access token, refreshes and retries once', async () => {
    const fetch = vi.fn(async (_i: string, init?: RequestInit) => (authOf(init) === 'Bearer at' ? ok(401) : ok(200)));
    const { lifecycle, refresh } = setup({ accessToken: 'at', refreshToken: 'rt1', expiresAt: T0 + 60_000 }, { fetch });
    const res = await lifecycle.fetch('http://api/x');
    expect(res.status).toBe(200);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls.map(([, init]) => authOf(init))).toEqual(['Bearer at', 'Bearer at2']);
  });

  it('rule 6: a second 401 is answered, not retried again', async () => {
    const fetch = vi.fn(async () => ok(401));
    const { lifecycle, refresh } = setup({ accessToken: 'at', refreshToken: 'rt1', expiresAt: T0 + 60_000 }, { fetch });
    expect((await lifecycle.fetch('http://api/x')).status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('rule 7: a 403 from the refresh endpoint in single-step checkout requests rotation with reason refreshAPIFailed', async () => {
    const refresh = vi.fn(async () => {
      throw Object.assign(new Error('forbidden'), { status: 403 });
    });
    const onRotationRequested = vi.fn();
    const inCheckout = setup({ accessToken: null, refreshToken: 'rt1', expiresAt: null }, { refresh, onRotationRequested, isSingleStepCheckout: () => true });
    await inCheckout.lifecycle.refresh();
    expect(onRotationRequested).toHaveBeenCalledWith('refreshAPIFailed');
    expect(inCheckout.store.get()).toEqual(NO_TOKENS);
    const elsewhere = vi.fn();
    const outside = setup({ accessToken: null, refreshToken: 'rtX', expiresAt: null }, { refresh, onRotationRequested: elsewhere, isSingleStepCheckout: () => false });
    await outside.lifecycle.refresh();
    expect(elsewhere).not.toHaveBeenCalled();
  });

  it('rule 8: other failures are retried once, then thrown', async () => {
    const net = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const a = setup({ accessToken: 'at', refreshToken: null, expiresAt: T0 + 60_000 }, { fetch: net });
    await expect(a.lifecycle.fetch('http://api/x')).rejects.toThrow('fetch failed');
    expect(net).toHaveBeenCalledTimes(2);
    const flaky = vi.fn().mockResolvedValueOnce(ok(503)).mockResolvedValueOnce(ok(200));
    const b = setup({ accessToken: 'at', refreshToken: null, expiresAt: T0 + 60_000 }, { fetch: flaky });
    expect((await b.lifecycle.fetch('http://api/x')).status).toBe(200);
    expect(flaky).toHaveBeenCalledTimes(2);
    const business = vi.fn(async () => ok(400));
    const c = setup({ accessToken: 'at', refreshToken: null, expiresAt: T0 + 60_000 }, { fetch: business });
    expect((await c.lifecycle.fetch('http://api/x')).status).toBe(400);
    expect(business).toHaveBeenCalledTimes(1);
  });

  it('rule 9: a request times out after 60000 ms (then is retried once and thrown)', async () => {
    const hang = vi.fn((_i: string, init?: RequestInit) => new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))));
    const { lifecycle } = setup({ accessToken: 'at', refreshToken: null, expiresAt: T0 + 10 * REQUEST_TIMEOUT_MS }, { fetch: hang });
    const p = lifecycle.fetch('http://api/slow');
    const outcome = expect(p).rejects.toThrow(`Request timed out after ${REQUEST_TIMEOUT_MS} ms`);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(hang).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(hang).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await outcome;
  });

  it('a late caller with the old refresh token gets the outcome instead of reusing the rotated token', async () => {
    const coordinator = createRefreshCoordinator({ now: () => Date.now() });
    const a = setup({ accessToken: null, refreshToken: 'rt1', expiresAt: null }, { coordinator });
    await a.lifecycle.refresh();
    const b = setup({ accessToken: null, refreshToken: 'rt1', expiresAt: null }, { coordinator });
    await expect(b.lifecycle.refresh()).resolves.toBe('at2');
    expect(b.refresh).not.toHaveBeenCalled();
    expect(b.store.get().refreshToken).toBe('rt2');
  });
});
