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
  /** waits until the server is idle; runs before the warm-up and again before the measure */
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

function summarise(result: AutocannonResult): LoadResult {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count;
  const saturated = result.requests.total === 0 && result.non2xx + result.errors === 0;
  const windowMs = Math.round(result.duration * 1000);
  return {
    reqPerSec: round(result.requests.average, 1),
    p50Ms: saturated ? windowMs : result.latency.p50,
    p99Ms: saturated ? windowMs : result.latency.p99,
    saturated,
    requests: result.requests.total,
    failures: result.non2xx + result.errors - result.timeouts,
    statusCodes,
    sent: result.requests.sent,
    errors: result.errors,
    timeouts: result.timeouts,
    durationS: round(result.duration, 2),
    connections: result.connections,
  };
}

/** Seconds autocannon waits for an answer before counting a time-out. */
export const TIMEOUT_S = 30;

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

async function fire(spec: LoadSpec, durationS: number): Promise<AutocannonResult> {
  const request: AutocannonRequest = {};
  if (spec.setupRequest) request.setupRequest = spec.setupRequest;
  return autocannon({
    url: spec.url,
    connections: spec.connections ?? 50,
    duration: durationS,
    method: spec.method ?? 'GET',
    headers: spec.headers ?? {},
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    ...(spec.setupRequest ? { requests: [request] } : {}),
    timeout: TIMEOUT_S,
  });
}

/**
 * Waits for the server to settle, warms up, settles again, then measures `spec.durationS`
 * seconds of load. Never throws on HTTP errors: failures are counted in the result so the caller
 * can mark the figure as broken.
 */
export async function measureLoad(spec: LoadSpec): Promise<LoadResult> {
  await spec.settle?.();
  if (spec.warmupS > 0) {
    await fire(spec, spec.warmupS);
    await spec.settle?.();
  }
  await spec.beforeMeasure?.();
  const result = await fire(spec, spec.durationS);
  await spec.afterMeasure?.();
  return summarise(result);
}
