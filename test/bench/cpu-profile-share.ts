// node test/dist/bench/cpu-profile-share.js <file.cpuprofile> [--from-end S] [--to-end S]
// The share of a server's CPU spent in its metrics code, from a V8 CPU profile (a server started
// with SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"): each busy sample counts for the nearest
// frame on its stack that is the metrics' (prom-client, apps/server/dist/metrics/, dist/ops/), else
// for the rest; garbage collection is shown apart (it cannot be told whose allocation it collects).
// The window is given from the profile's end (the server stops right after the measured run).
// Sampling attributes time whatever else the machine does, so it holds on a busy machine where
// timing two runs against each other does not. Used by `npm run bench:metrics-cost`.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  busyMs: number;
  gcPct: number;
  metricsPct: number;
  /** The metrics' part by where it was spent, % of busy. */
  parts: Record<string, number>;
}

function metricsPart(frame: ProfileNode['callFrame']): string | null {
  const file = frame.url.split('/').slice(-2).join('/');
  if (frame.url.includes('/dist/metrics/http-metrics.js')) {
    // The middleware's own frame calls next(): everything downstream is under it. Only its
    // 'finish' listener (recordHttpRequest) is the metrics' work.
    return frame.functionName === 'recordHttpRequest' ? 'http request metrics' : null;
  }
  if (frame.url.includes('/dist/metrics/')) return `Metrics ${frame.functionName || file}`;
  if (frame.url.includes('/dist/ops/')) return `operations page ${file}`;
  if (frame.url.includes('node_modules/prom-client/')) return `prom-client ${file}`;
  return null;
}

/** Where the busy samples of the window [end − fromEndS, end − toEndS] went. */
export function profileShare(profile: CpuProfile, fromEndS: number, toEndS: number): ProfileShare {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const from = profile.endTime - fromEndS * 1e6;
  const to = profile.endTime - toEndS * 1e6;
  let at = profile.startTime;
  let busy = 0;
  let gc = 0;
  const parts: Record<string, number> = {};
  profile.samples.forEach((sample, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const weight = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(sample);
    if (!node || at < from || at > to || node.callFrame.functionName === '(idle)') return;
    busy += weight;
    if (node.callFrame.functionName === '(garbage collector)') {
      gc += weight;
      return;
    }
    for (let cur: number | undefined = sample; cur !== undefined; cur = parent.get(cur)) {
      const part = metricsPart((byId.get(cur) as ProfileNode).callFrame);
      if (part) {
        parts[part] = (parts[part] ?? 0) + weight;
        break;
      }
    }
  });
  const pct = (us: number) => (busy > 0 ? Number(((100 * us) / busy).toFixed(2)) : 0);
  const metrics = Object.values(parts).reduce((s, v) => s + v, 0);
  return {
    busyMs: Math.round(busy / 1000),
    gcPct: pct(gc),
    metricsPct: pct(metrics),
    parts: Object.fromEntries(
      Object.entries(parts)
        .map(([k, v]) => [k, pct(v)])
        .sort((a, b) => Number(b[1]) - Number(a[1])),
    ),
  };
}

export function readProfile(path: string): CpuProfile {
  return JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
}

if (require.main === module) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'from-end': { type: 'string', default: '1000000' }, 'to-end': { type: 'string', default: '0' } },
  });
  const [file] = positionals;
  if (!file) throw new Error('usage: cpu-profile-share <file.cpuprofile> [--from-end S] [--to-end S]');
  console.log(
    JSON.stringify(profileShare(readProfile(file), Number(values['from-end']), Number(values['to-end'])), null, 2),
  );
}
