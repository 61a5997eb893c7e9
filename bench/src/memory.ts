/**
 * Memory under load (issue 11 item 5): the resident set size of a running store before and after a
 * load run, to show the page cache and the render queue stay bounded.
 *
 *   node --import tsx bench/src/memory.ts --origin=http://localhost:3335 --pid=<store pid> [--seconds=60]
 *
 * The load, for `seconds` at 50 connections in all: 40 connections ask anonymous category and
 * product pages with a new query parameter on every request (each one a new page-cache key: the
 * worst case for the cache's size), 10 connections ask the product page as a visitor with a cart
 * (rendered every time). RSS is read from /proc/<pid>/status (Linux) before, after, and 10 s
 * after the run.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { AutocannonOptions, AutocannonResult } from 'autocannon';

const { values } = parseArgs({ options: { origin: { type: 'string' }, pid: { type: 'string' }, seconds: { type: 'string', default: '60' }, cookie: { type: 'string' } } });
if (!values.origin || !values.pid) throw new Error('usage: memory.ts --origin=http://host:port --pid=<pid> [--seconds=60] [--cookie=cartGuid=…]');
const origin = values.origin;
const pid = values.pid;
const seconds = Number(values.seconds);

/** Resident set size of the store, MB. */
function rssMb(): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 102.4) / 10;
}

async function cartCookie(): Promise<string> {
  if (values.cookie) return values.cookie;
  const page = await fetch(`${origin}/`, { headers: { accept: 'text/html' } });
  const html = await page.text();
  const product = /href="(\/[^"]*\/p\/[^"#]+)"/.exec(html)?.[1];
  if (!product) throw new Error('no product link on the home page');
  const form = new URLSearchParams({ productCode: `${product.split('/p/')[1]}`, qty: '1', redirectTo: '/' });
  const added = await fetch(`${origin}/cart/add`, { method: 'POST', redirect: 'manual', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const guid = added.headers.getSetCookie().find((c) => c.startsWith('cartGuid='))?.split(';')[0];
  if (!guid) throw new Error(`add to cart answered ${added.status} without a cart cookie`);
  return guid;
}

const home = await (await fetch(`${origin}/`)).text();
const productPath = /href="(\/[^"]*\/p\/[^"#]+)"/.exec(home)?.[1] ?? '/';
const categoryPath = /href="(\/c\/[^"#]+)"/.exec(home)?.[1] ?? '/';
const cookie = await cartCookie();
let n = 0;
const before = rssMb();
console.log(`RSS before: ${before} MB (pages ${categoryPath}, ${productPath}; ${seconds} s at 50 connections)`);
const run = (opts: AutocannonOptions): Promise<AutocannonResult> => autocannon({ timeout: 10, ...opts });
const [anonymous, cart] = await Promise.all([
  run({
    url: origin,
    connections: 40,
    duration: seconds,
    headers: { accept: 'text/html' },
    requests: [{ setupRequest: (req) => ({ ...req, path: `${n % 2 === 0 ? categoryPath : productPath}?probe=${n++}` }) }],
  }),
  run({ url: `${origin}${productPath}`, connections: 10, duration: seconds, headers: { accept: 'text/html', cookie } }),
]);
const after = rssMb();
await new Promise((r) => setTimeout(r, 10_000));
const settled = rssMb();
const summary = (r: AutocannonResult) => `${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, 2xx ${r['2xx']}, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`;
console.log(`anonymous, a new page every request: ${summary(anonymous)}`);
console.log(`visitor with a cart, product page: ${summary(cart)}`);
console.log(`RSS after: ${after} MB; 10 s later: ${settled} MB`);
