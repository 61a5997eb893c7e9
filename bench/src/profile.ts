/**
 * Summarises a V8 CPU profile (`node --cpu-prof` output, `.cpuprofile`): self time per function
 * and per package, to find where a slow figure spends its time.
 *
 * CLI: `node --import tsx bench/src/profile.ts FILE.cpuprofile [TOP]`
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** One line of the summary: self time in ms and as a share of the sampled time. */
export interface ProfileEntry {
  name: string;
  selfMs: number;
  share: number;
}

/** Self time by function and by package of one profile. */
export interface ProfileSummary {
  totalMs: number;
  /** share of samples in (idle) / (program) / (garbage collector) */
  idleShare: number;
  gcShare: number;
  functions: ProfileEntry[];
  packages: ProfileEntry[];
}

/** `node_modules/react-dom/...` → `react-dom`; `/work/main/apps/api/src/x.ts` → `apps/api`; node internals → `node:`. */
export function packageOf(url: string): string {
  if (url === '') return '(native)';
  if (url.startsWith('node:')) return 'node: (core)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? url);
  }
  const m = /(apps\/[^/]+|packages\/[^/]+|bench)\//.exec(url);
  return m?.[1] ?? url;
}

function shortUrl(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const m = /(apps|packages|bench)\/.*$/.exec(url);
  return m ? m[0] : url.replace(/^file:\/\//, '');
}

/** Summarises a parsed profile; `top` entries per list. */
export function summariseProfile(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    const id = samples[i] as number;
    // timeDeltas[i] is the time before sample i; attribute the next delta to this sample.
    const delta = deltas[i + 1] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, delta));
  }
  let total = 0;
  let idle = 0;
  let gc = 0;
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') idle += us;
    if (functionName === '(garbage collector)') gc += us;
    const fn = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
    functions.set(fn, (functions.get(fn) ?? 0) + us);
    const pkg = url ? packageOf(url) : functionName.startsWith('(') ? functionName : '(native)';
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const busy = Math.max(1, total - idle);
  const rank = (map: Map<string, number>) =>
    [...map.entries()]
      .filter(([name]) => name !== '(idle)' && !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, selfMs: Math.round(us / 100) / 10, share: us / busy }));
  return {
    totalMs: Math.round(total / 1000),
    idleShare: total === 0 ? 0 : idle / total,
    gcShare: gc / busy,
    functions: rank(functions),
    packages: rank(packages),
  };
}

/** Reads and summarises a `.cpuprofile` file. */
export function summariseProfileFile(path: string, top = 25): ProfileSummary {
  return summariseProfile(JSON.parse(readFileSync(path, 'utf8')) as CpuProfile, top);
}

/** Text rendering of a summary (shares of non-idle time). */
export function renderProfile(summary: ProfileSummary): string {
  const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)}%`;
  const lines = [
    `sampled ${summary.totalMs} ms, idle ${(summary.idleShare * 100).toFixed(1)}%, GC ${(summary.gcShare * 100).toFixed(1)}% of busy time`,
    'self time by package (share of busy time):',
    ...summary.packages.map((e) => `  ${pct(e.share)}  ${e.selfMs.toFixed(0).padStart(7)} ms  ${e.name}`),
    'self time by function:',
    ...summary.functions.map((e) => `  ${pct(e.share)}  ${e.selfMs.toFixed(0).padStart(7)} ms  ${e.name}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node --import tsx bench/src/profile.ts FILE.cpuprofile [TOP]');
    process.exit(2);
  }
  console.log(renderProfile(summariseProfileFile(file, top ? Number(top) : 25)));
}
