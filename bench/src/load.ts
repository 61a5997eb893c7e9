/**
 * HTTP load through autocannon, run in the harness process (the server under test runs in a child
 * process, so the two do not share an event loop).
 */
import autocannon from 'autocannon';
import type { AutocannonRequest, AutocannonResult } from 'autocannon';

/** One load measure: what to send and for how long. */
export interface LoadSpec {
  /** absolute URL (http://127.0.0.1:PORT/path) */
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** request body (JSON text) */
  body?: string;
  /** concurrent connections (default 50) */
  connections?: number;
  /** measured seconds */
  durationS: number;
  /** seconds of unmeasured load before the measure (JIT, caches, connection set-up) */
  warmupS: number;
  /** rebuilds each request (autocannon setupRequest), e.g. to vary the body */
  setupRequest?: AutocannonRequest['setupRequest'];
  /** waits until the server is idle; runs before the warm-up (the measure follows it on the same connections) */
  settle?: () => Promise<void>;
  /** runs after the warm-up, just before the measure (e.g. start a CPU profile) */
  beforeMeasure?: () => Promise<void>;
  /** runs just after the measure */
  afterMeasure?: () => Promise<void>;
}

/** What one load measure found. Latencies in ms. */
export interface LoadResult {
  /** mean of the per-second samples of completed requests */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** completed requests during the measure */
  requests: number;
  /** answers outside 2xx and connection errors (time-outs apart) */
  failures: number;
  /** status code → count */
  statusCodes: Record<string, number>;
  /**
   * true when no request completed within the window (every answer took longer than it): then
   * reqPerSec is 0 and p50/p99 are lower bounds (the window length)
   */
  saturated: boolean;
  /**
   * requests sent (completed or not); errors (connection errors and time-outs); time-outs: no
   * answer within 30 s, not in the latency percentiles
   */
  sent: number;
  errors: number;
  timeouts: number;
  durationS: number;
  connections: number;
}

/** What the measured window of a run saw (see {@link measureLoad}). */
interface WindowRecord {
  /** latencies of the 2xx answers completed in the window, ms (autocannon's percentiles take 2xx only too) */
  latencies: number[];
  /** answers completed in the window, any status */
  answers: number;
  statusCodes: Record<string, number>;
  /** connection errors and time-outs in the window */
  errors: number;
  timeouts: number;
  durationS: number;
}

/** The `p` quantile (0..1) of ascending `sorted`, nearest rank; 0 when empty. */
function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function summarise(result: AutocannonResult, window: WindowRecord): LoadResult {
  const sorted = [...window.latencies].sort((a, b) => a - b);
  const non2xx = Object.entries(window.statusCodes).reduce((n, [code, count]) => (code.startsWith('2') ? n : n + count), 0);
  const saturated = window.answers === 0 && window.errors === 0;
  const windowMs = Math.round(window.durationS * 1000);
  return {
    reqPerSec: round(window.answers / window.durationS, 1),
    p50Ms: saturated ? windowMs : round(quantile(sorted, 0.5), 1),
    p99Ms: saturated ? windowMs : round(quantile(sorted, 0.99), 1),
    saturated,
    requests: window.answers,
    failures: non2xx + window.errors - window.timeouts,
    statusCodes: window.statusCodes,
    sent: result.requests.sent,
    errors: window.errors,
    timeouts: window.timeouts,
    durationS: round(window.durationS, 2),
    connections: result.connections,
  };
}

/** Seconds autocannon waits for an answer before counting a time-out. */
export const TIMEOUT_S = 30;

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * One autocannon run of `warmupS + durationS` seconds on the same connections; answers its result
 * and what came back in the last `durationS` seconds (the window), `onWindow` running as the
 * window opens.
 */
function fire(spec: LoadSpec, warmupS: number, onWindow: () => Promise<void>): Promise<{ result: AutocannonResult; window: WindowRecord }> {
  const request: AutocannonRequest = {};
  if (spec.setupRequest) request.setupRequest = spec.setupRequest;
  const window: WindowRecord = { latencies: [], answers: 0, statusCodes: {}, errors: 0, timeouts: 0, durationS: spec.durationS };
  // opened by the timer below once the hook has run (at once, after the hook, without a warm-up)
  let open = false;
  let openedAt = 0;
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections ?? 50,
    duration: warmupS + spec.durationS,
    method: spec.method ?? 'GET',
    headers: spec.headers ?? {},
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    ...(spec.setupRequest ? { requests: [request] } : {}),
    timeout: TIMEOUT_S,
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (!open) return;
    window.answers++;
    window.statusCodes[String(statusCode)] = (window.statusCodes[String(statusCode)] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) window.latencies.push(responseTime);
  });
  instance.on('reqError', (error: Error) => {
    if (!open) return;
    window.errors++;
    if (error.message === 'request timed out') window.timeouts++;
  });
  let hookFailure: unknown = null;
  const timer = setTimeout(() => {
    onWindow().then(
      () => {
        open = true;
        openedAt = performance.now();
      },
      (error: unknown) => {
        hookFailure = error;
        instance.stop();
      },
    );
  }, warmupS * 1000);
  return Promise.resolve(instance).then(
    (result) => {
      clearTimeout(timer);
      if (hookFailure) throw hookFailure;
      // the window as it was: from its opening to the end of the run
      if (open) window.durationS = Math.max(0.001, (performance.now() - openedAt) / 1000);
      return { result, window };
    },
    (error: unknown) => {
      clearTimeout(timer);
      throw error;
    },
  );
}

/**
 * Waits for the server to settle, then loads it for `spec.warmupS + spec.durationS` seconds on
 * the same connections and measures the last `spec.durationS`: the connections opened for the
 * warm-up stay open into the measure, as a front proxy keeps its connections to the store. (Opening
 * 50 connections against a saturated server adds a ramp that is not service time: libuv accepts
 * one connection per poll of the event loop, so the last connection's first answer waited for 49
 * polls, up to 2-3 s on composed pages (ADR 0040 amendment); a measure on fresh connections put
 * that ramp into every p99.) Never throws on HTTP errors: failures are counted in the result so
 * the caller can mark the figure as broken.
 */
export async function measureLoad(spec: LoadSpec): Promise<LoadResult> {
  await spec.settle?.();
  const { result, window } = await fire(spec, Math.max(0, spec.warmupS), spec.beforeMeasure ?? (async () => undefined));
  await spec.afterMeasure?.();
  return summarise(result, window);
}
