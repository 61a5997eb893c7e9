/**
 * The whole store (API and storefront build) started on a real port for tests that go through
 * HTTP as a browser does: a start with settings the storefront reads from the environment, and a
 * plain `http.request` with a chosen Host (the brand and the page cache key come from it).
 */
import { request as httpRequest } from 'node:http';
import { testConfig, type TestDb } from '@store/testing';
import { startServer, type RunningServer } from '../../src/server.ts';

/** An HTTP answer read to the end. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Options of {@link httpCall}. */
export interface HttpCallInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A request to `server` as if to `host` (e.g. `localhost:3000`, `ca.localhost:3000`), the body
 * read as UTF-8 text. Rejects only when the connection fails.
 */
export function httpCall(server: RunningServer, host: string, path: string, init: HttpCallInit = {}): Promise<HttpAnswer> {
  const target = new URL(path, server.url);
  return new Promise((done, reject) => {
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: init.method ?? 'GET', headers: { host, ...init.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * Starts the store on `db` on a free port, with `env` set in the process environment while it
 * starts (the storefront handler reads the page cache settings from there) and restored after.
 */
export async function startStoreWithEnv(db: TestDb, env: Record<string, string>): Promise<RunningServer> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await startServer(testConfig(db.url, { PORT: '0', HOST: '127.0.0.1' }));
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
