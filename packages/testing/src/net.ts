/**
 * Network helpers of tests that start their own store process (safe defaults, crash recovery,
 * outage): a free loopback port.
 */
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 at the time of the call (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
