/**
 * A switchable TCP proxy for outage tests (issue 9 item 4): put it in front of the test
 * database and make the database stop answering or refuse connections, then come back, without
 * touching the database server.
 *
 * Modes:
 * - `pass`: bytes flow both ways (a healthy network);
 * - `blackhole`: connections are still accepted, but nothing is forwarded any more, on new and on
 *   open connections (a server or network that stopped answering: clients wait for their own
 *   timeouts); bytes already sent wait in the socket buffers, as on a real network;
 * - `refuse`: the listener is closed (new connections: `ECONNREFUSED`) and every open connection
 *   is reset (a crashed or stopped server).
 * Back to `pass`, the same port listens again and paused connections resume.
 *
 * ```ts
 * const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
 * const dbh = createDb(proxy.urlFor(databaseUrl));
 * await proxy.setMode('blackhole');
 * ```
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** What the proxy does with traffic (see module comment). */
export type ProxyMode = 'pass' | 'blackhole' | 'refuse';

/** A running proxy. */
export interface TcpProxy {
  readonly host: string;
  readonly port: number;
  readonly mode: ProxyMode;
  /** switches the mode (resolves once the listener is closed or listening again) */
  setMode(mode: ProxyMode): Promise<void>;
  /** `url` with its host and port replaced by the proxy's */
  urlFor(url: string): string;
  /** how many client connections are open now */
  readonly openConnections: number;
  /** how many client connections were accepted since the start */
  readonly acceptedConnections: number;
  /** closes the listener and every connection */
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | null;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** Starts a proxy on 127.0.0.1 (a free port) to `target`, in `pass` mode. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const host = '127.0.0.1';
  const pairs = new Set<Pair>();
  let mode: ProxyMode = 'pass';
  let accepted = 0;

  const forward = (pair: Pair): void => {
    if (!pair.upstream) {
      const upstream = connect(target.port, target.host);
      upstream.on('error', () => pair.client.destroy());
      upstream.on('close', () => pair.client.destroy());
      pair.upstream = upstream;
    }
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  };

  const hold = (pair: Pair): void => {
    pair.client.unpipe();
    pair.client.pause();
    if (pair.upstream) {
      pair.upstream.unpipe();
      pair.upstream.pause();
    }
  };

  const onConnection = (client: Socket): void => {
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    accepted += 1;
    client.on('error', () => pair.upstream?.destroy());
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'pass') forward(pair);
    else client.pause();
  };

  let server = createServer(onConnection);
  const port = await listen(server, host, 0);

  const closeServer = (): Promise<void> =>
    new Promise((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });

  return {
    host,
    port,
    get mode() {
      return mode;
    },
    get openConnections() {
      return pairs.size;
    },
    get acceptedConnections() {
      return accepted;
    },
    async setMode(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === 'refuse') {
        const closed = closeServer();
        for (const pair of pairs) {
          pair.client.resetAndDestroy();
          pair.upstream?.destroy();
        }
        await closed;
        return;
      }
      if (previous === 'refuse') {
        server = createServer(onConnection);
        await listen(server, host, port);
      }
      for (const pair of pairs) {
        if (next === 'blackhole') hold(pair);
        else forward(pair);
      }
    },
    urlFor(url) {
      const u = new URL(url);
      u.hostname = host;
      u.port = String(port);
      return u.toString();
    },
    async close() {
      const closed = closeServer();
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      await closed;
    },
  };
}
