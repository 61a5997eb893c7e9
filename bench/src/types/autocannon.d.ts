/** Minimal types for the parts of autocannon 8 the benchmark uses (the package ships none). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    /** seconds */
    duration?: number;
    amount?: number;
    pipelining?: number;
    /** seconds */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: AutocannonRequest[];
    idReplacement?: boolean;
    title?: string;
    expectBody?: string;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    [percentile: string]: number;
  }

  interface AutocannonResult {
    title?: string;
    url: string;
    connections: number;
    /** seconds */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    /** ms */
    latency: Histogram & { totalCount: number };
    /** per-second samples */
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  interface Instance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): Instance & Promise<AutocannonResult>;
  export default autocannon;
  export type { AutocannonOptions, AutocannonResult, AutocannonRequest, Histogram };
}
