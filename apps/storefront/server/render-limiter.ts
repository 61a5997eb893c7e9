/**
 * The render concurrency limit (issue 11 item 5, ADR 0019; SAP Spartacus' "concurrency limit"
 * and "timeout with fallback"). At most `concurrency` renders run at once; a request waits for a
 * free slot at most `queueTimeoutMs`, and a full queue refuses at once. The caller then answers a
 * stale page or a 503 with `Retry-After`, so no shopper waits seconds behind a pile of renders.
 *
 * A slot is held until the page's body has been sent (server rendering streams: the work goes on
 * while the body flows), see {@link releaseWhenDone}.
 */
import { availableParallelism } from 'node:os';

/** Default slots: two renders per CPU (a render also waits on its in-process API calls). */
export function defaultRenderConcurrency(): number {
  return Math.max(2, availableParallelism() * 2);
}

/**
 * Default longest time a page view (GET, HEAD) may take from its arrival until its answer starts,
 * ms (SAP Spartacus' SSR `timeout`, 3 s there too): past it the shopper gets the brand's 503 page
 * with `Retry-After` (or, for a cached page, the stale copy looked up first) while the render goes
 * on; a cache fill still stores its page for the next visitor.
 */
export const DEFAULT_RENDER_TIMEOUT_MS = 3_000;

/** What {@link beforeDeadline} answers when the deadline came first. */
export const LATE = Symbol('late');

/**
 * `work`, or {@link LATE} when `deadline` (epoch ms) passes first; `work` goes on either way (the
 * caller decides what becomes of its result). A deadline of 0 waits for `work`.
 */
export async function beforeDeadline<T>(work: Promise<T>, deadline: number, now: () => number = Date.now): Promise<T | typeof LATE> {
  if (deadline === 0) return work;
  const left = deadline - now();
  if (left <= 0) return LATE;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), left);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Default longest wait for a slot, ms. */
export const DEFAULT_RENDER_QUEUE_TIMEOUT_MS = 1_500;

/**
 * Longest wait for a slot of a state-changing request (POST, PUT, PATCH, DELETE), ms: an add to
 * cart, a sign-in or a placed order is worth more than a page view and is cheap to answer (a
 * redirect or a small JSON body), so under load it waits longer before the 503 (ADR 0026).
 */
export const MUTATION_QUEUE_TIMEOUT_MS = 10_000;

/** Options of {@link createRenderLimiter}. */
export interface RenderLimiterOptions {
  /** renders at once; default {@link defaultRenderConcurrency} */
  concurrency?: number;
  /** ms a request may wait for a slot; default {@link DEFAULT_RENDER_QUEUE_TIMEOUT_MS} */
  queueTimeoutMs?: number;
  /** requests that may wait at once; default 64 × concurrency */
  maxQueue?: number;
}

/** Gives a slot back (idempotent). */
export type Release = () => void;

/** The limiter. */
export interface RenderLimiter {
  readonly concurrency: number;
  readonly queueTimeoutMs: number;
  /**
   * a slot, or null when none freed up in time, the queue is full or `signal` aborted;
   * `waitMs` replaces the limiter's `queueTimeoutMs` for this request (never shorter)
   */
  acquire(signal?: AbortSignal, waitMs?: number): Promise<Release | null>;
  /** renders running, requests waiting */
  stats(): { running: number; waiting: number; refused: number };
}

/** Creates a limiter (one per process). */
export function createRenderLimiter(opts: RenderLimiterOptions = {}): RenderLimiter {
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? defaultRenderConcurrency()));
  const queueTimeoutMs = Math.max(0, opts.queueTimeoutMs ?? DEFAULT_RENDER_QUEUE_TIMEOUT_MS);
  const maxQueue = Math.max(0, opts.maxQueue ?? concurrency * 64);
  let running = 0;
  let refused = 0;
  const queue: Array<(release: Release | null) => void> = [];

  const makeRelease = (): Release => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = queue.shift();
      if (next) next(makeRelease());
      else running--;
    };
  };

  return {
    concurrency,
    queueTimeoutMs,
    acquire(signal, waitMs) {
      if (running < concurrency) {
        running++;
        return Promise.resolve(makeRelease());
      }
      const wait = Math.max(queueTimeoutMs, waitMs ?? 0);
      if (queue.length >= maxQueue || wait === 0 || signal?.aborted) {
        refused++;
        return Promise.resolve(null);
      }
      return new Promise<Release | null>((resolve) => {
        const waiter = (release: Release | null) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        };
        const leave = () => {
          const i = queue.indexOf(waiter);
          if (i !== -1) queue.splice(i, 1);
          refused++;
          waiter(null);
        };
        const onAbort = () => leave();
        const timer = setTimeout(leave, wait);
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
      });
    },
    stats() {
      return { running, waiting: queue.length, refused };
    },
  };
}

/**
 * The same response, whose body gives the slot back once it has been read to the end, failed or
 * been cancelled (a shopper who leaves); a response without a body gives it back at once.
 */
export function releaseWhenDone(response: Response, release: Release): Response {
  if (!response.body) {
    release();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    async cancel(reason) {
      release();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
