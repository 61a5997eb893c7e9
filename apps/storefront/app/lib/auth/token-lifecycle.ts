/**
 * The customer token lifecycle of the storefront's API client (spec §4 "Token lifecycle", §8
 * 401/403 handling, §9 constants). Pure TypeScript: the clock, `sleep`, timers, the refresh call
 * and the transport are injected, so every rule is unit-tested with vitest fake timers
 * (test/token-lifecycle.test.ts).
 *
 * Rules:
 * 1. a stored access token is valid only if it exists and its expiry has not passed;
 * 2. before an authenticated call, an expired token with a refresh token is refreshed;
 * 3. a caller arriving while a refresh of the same refresh token is in progress polls every
 *    {@link REFRESH_POLL_MS} ms for up to {@link REFRESH_WAIT_MS} ms, then fails with
 *    {@link TIMEOUT_WAITING_MESSAGE};
 * 4. success stores the new access and refresh tokens and the expiry and resets the flag;
 * 5. failure clears all auth data and the flag;
 * 6. a 401 drops the access token, refreshes and retries the call once;
 * 7. a 403 from the refresh endpoint during single-step checkout requests a token rotation with
 *    reason `refreshAPIFailed`;
 * 8. any other failure (network error, time-out, 5xx) is retried once, then thrown;
 * 9. every attempt times out after {@link REQUEST_TIMEOUT_MS} ms.
 *
 * The in-progress flag lives in a {@link RefreshCoordinator} shared by the requests of one
 * process (keyed by the refresh token). Across processes correctness still holds: the API is the
 * source of truth (refresh tokens rotate on every use, a reused rotated token revokes its family),
 * so two processes refreshing the same token at once can only end the session (the customer
 * signs in again) — never hand a token to the wrong customer. See docs/decisions/0009.
 */

/** Spec §9: request time-out, ms. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Spec §9: how long a caller waits for a refresh in progress, ms. */
export const REFRESH_WAIT_MS = 10_000;
/** Spec §9: polling interval while waiting for a refresh, ms. */
export const REFRESH_POLL_MS = 200;
/** Spec §4: the error of a caller that waited too long for a refresh. */
export const TIMEOUT_WAITING_MESSAGE = 'Timeout waiting for user login';
/** How long a finished refresh's outcome is kept for late callers with the old refresh token, ms. */
export const REFRESH_RESULT_GRACE_MS = 60_000;

/** The tokens of one customer session. `expiresAt` is epoch ms (null when unknown). */
export interface AuthTokens {
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: number | null;
}

/** An empty session. */
export const NO_TOKENS: AuthTokens = Object.freeze({ accessToken: null, refreshToken: null, expiresAt: null });

/** Where a session's tokens live (per request: the auth cookies). */
export interface AuthStore {
  get(): AuthTokens;
  set(tokens: AuthTokens): void;
  /** removes every auth datum (tokens, expiry, profile) */
  clear(): void;
}

/** The answer of a refresh (RFC 6749 §5.1 subset); `expires_in` in seconds. */
export interface RefreshAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** The outcome of a finished refresh, shared with callers that waited for it. */
export type RefreshOutcome = { ok: true; tokens: AuthTokens } | { ok: false };

/** The in-progress flag per refresh token, and the recent outcomes (one per process). */
export interface RefreshCoordinator {
  inProgress(key: string): boolean;
  start(key: string): void;
  finish(key: string, outcome: RefreshOutcome): void;
  outcome(key: string): RefreshOutcome | undefined;
}

/**
 * An in-memory coordinator. Outcomes are kept `graceMs` (default
 * {@link REFRESH_RESULT_GRACE_MS}) so a request still carrying the old refresh token cookie gets
 * the new tokens instead of reusing a rotated token.
 */
export function createRefreshCoordinator(opts: { now?: () => number; graceMs?: number } = {}): RefreshCoordinator {
  const now = opts.now ?? Date.now;
  const grace = opts.graceMs ?? REFRESH_RESULT_GRACE_MS;
  const running = new Set<string>();
  const done = new Map<string, { outcome: RefreshOutcome; at: number }>();
  const prune = () => {
    const limit = now() - grace;
    for (const [k, v] of done) if (v.at < limit) done.delete(k);
  };
  return {
    inProgress: (key) => running.has(key),
    start(key) {
      running.add(key);
      done.delete(key);
    },
    finish(key, outcome) {
      running.delete(key);
      prune();
      done.set(key, { outcome, at: now() });
    },
    outcome(key) {
      prune();
      return done.get(key)?.outcome;
    },
  };
}

/** Why a rotation is requested (spec §8). */
export type RotationReason = 'refreshAPIFailed';

/** A request that failed after its retry, or timed out. */
export class RequestFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RequestFailedError';
  }
}

/** Dependencies of {@link TokenLifecycle}. */
export interface TokenLifecycleDeps {
  store: AuthStore;
  coordinator: RefreshCoordinator;
  /** calls the refresh endpoint; rejects with an error carrying `status` when refused */
  refresh: (refreshToken: string) => Promise<RefreshAnswer>;
  /** the transport (global fetch or the in-process adapter) */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** epoch ms */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** true while serving single-step checkout (rule 7) */
  isSingleStepCheckout?: () => boolean;
  /** rule 7: called with the reason when a rotation is requested */
  onRotationRequested?: (reason: RotationReason) => void;
  timeoutMs?: number;
  waitMs?: number;
  pollMs?: number;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const s = (error as { status: unknown }).status;
    return typeof s === 'number' ? s : undefined;
  }
  return undefined;
}

/** The lifecycle of one customer session (see the module comment for the rules). */
export class TokenLifecycle {
  private readonly deps: TokenLifecycleDeps;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(deps: TokenLifecycleDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => this.setTimer(resolve, ms)));
  }

  /** Rule 1: the access token exists and its expiry has not passed. */
  isTokenValid(): boolean {
    const t = this.deps.store.get();
    return t.accessToken !== null && t.accessToken !== '' && t.expiresAt !== null && this.now() < t.expiresAt;
  }

  /** Is a refresh of this session's refresh token in progress (in this process)? */
  isRefreshInProgress(): boolean {
    const rt = this.deps.store.get().refreshToken;
    return rt !== null && this.deps.coordinator.inProgress(rt);
  }

  /**
   * Rule 2: the access token to send, refreshing first when it expired and a refresh token
   * exists. Answers null when there is no usable session.
   * @throws Error {@link TIMEOUT_WAITING_MESSAGE} (rule 3)
   */
  async getValidAccessToken(): Promise<string | null> {
    if (this.isTokenValid()) return this.deps.store.get().accessToken;
    if (!this.deps.store.get().refreshToken) return null;
    return this.refresh();
  }

  /**
   * Refreshes the session (rules 3–5, 7). Answers the new access token, or null when the refresh
   * failed (all auth data is then cleared).
   * @throws Error {@link TIMEOUT_WAITING_MESSAGE} when another refresh did not finish in time
   */
  async refresh(): Promise<string | null> {
    const { store, coordinator } = this.deps;
    const rt = store.get().refreshToken;
    if (!rt) return null;
    if (coordinator.inProgress(rt)) return this.waitForRefresh(rt);
    const earlier = coordinator.outcome(rt);
    if (earlier) return this.adopt(earlier);
    coordinator.start(rt);
    try {
      const answer = await this.deps.refresh(rt);
      const tokens: AuthTokens = {
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token,
        expiresAt: this.now() + answer.expires_in * 1000,
      };
      store.set(tokens);
      coordinator.finish(rt, { ok: true, tokens });
      return tokens.accessToken;
    } catch (error) {
      store.clear();
      coordinator.finish(rt, { ok: false });
      if (statusOf(error) === 403 && this.deps.isSingleStepCheckout?.()) this.deps.onRotationRequested?.('refreshAPIFailed');
      return null;
    }
  }

  private adopt(outcome: RefreshOutcome): string | null {
    if (outcome.ok) {
      this.deps.store.set(outcome.tokens);
      return outcome.tokens.accessToken;
    }
    this.deps.store.clear();
    return null;
  }

  /** Rule 3: poll every pollMs up to waitMs for the refresh of `rt` to end. */
  private async waitForRefresh(rt: string): Promise<string | null> {
    const waitMs = this.deps.waitMs ?? REFRESH_WAIT_MS;
    const pollMs = this.deps.pollMs ?? REFRESH_POLL_MS;
    let waited = 0;
    while (this.deps.coordinator.inProgress(rt)) {
      if (waited >= waitMs) throw new Error(TIMEOUT_WAITING_MESSAGE);
      await this.sleep(pollMs);
      waited += pollMs;
    }
    const outcome = this.deps.coordinator.outcome(rt);
    return outcome ? this.adopt(outcome) : this.deps.store.get().accessToken;
  }

  /** One attempt with the rule-9 time-out (the caller's own signal is honoured too). */
  private async attempt(input: string, init: RequestInit | undefined, token: string | null): Promise<Response> {
    const controller = new AbortController();
    const timeoutMs = this.deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
    let timedOut = false;
    const timer = this.setTimer(() => {
      timedOut = true;
      controller.abort(new RequestFailedError(`Request timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const outer = init?.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer) {
      if (outer.aborted) controller.abort(outer.reason);
      else outer.addEventListener('abort', onOuterAbort, { once: true });
    }
    const headers = new Headers(init?.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    else headers.delete('authorization');
    const call = this.deps.fetch(input, { ...init, headers, signal: controller.signal });
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true });
    });
    try {
      return await Promise.race([call, aborted]);
    } catch (error) {
      if (timedOut) throw new RequestFailedError(`Request timed out after ${timeoutMs} ms`, { cause: error });
      throw error;
    } finally {
      this.clearTimer(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  /** Rule 8: one attempt, and one retry for a network error, a time-out or a 5xx answer. */
  private async withRetry(input: string, init: RequestInit | undefined, token: string | null): Promise<Response> {
    let lastError: unknown;
    for (let i = 0; i < 2; i++) {
      if (init?.signal?.aborted) throw init.signal.reason;
      try {
        const response = await this.attempt(input, init, token);
        if (response.status < 500) return response;
        lastError = new RequestFailedError(`HTTP ${response.status}`);
        if (i === 1) return response;
      } catch (error) {
        lastError = error;
        if (init?.signal?.aborted) throw error;
      }
    }
    throw lastError instanceof Error ? lastError : new RequestFailedError(String(lastError));
  }

  /**
   * An authenticated call (rules 2, 6, 8, 9): refreshes an expired token first, sends
   * `Authorization: Bearer`, and on a 401 drops the access token, refreshes and retries once.
   * Answers the last response (a 4xx answer is the caller's to handle).
   * @throws RequestFailedError after the retry of a network error or time-out;
   *   Error {@link TIMEOUT_WAITING_MESSAGE} (rule 3)
   */
  async fetch(input: string, init?: RequestInit): Promise<Response> {
    const token = await this.getValidAccessToken();
    const response = await this.withRetry(input, init, token);
    if (response.status !== 401 || !this.deps.store.get().refreshToken) return response;
    // rule 6: drop the access token, refresh, retry once
    const current = this.deps.store.get();
    this.deps.store.set({ ...current, accessToken: null, expiresAt: null });
    const fresh = await this.refresh();
    if (!fresh) return response;
    return this.withRetry(input, init, fresh);
  }
}
