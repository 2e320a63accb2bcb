/**
 * What one Lighthouse pass's simulated figures were made of (issue 24): Lighthouse's mobile preset
 * does not time the page, it replays what the page did (its trace and network log) on a model of a
 * slow phone and network ("lantern"). This prints that replay for the largest paint and the
 * blocking time: each request and each main-thread task the model counted, when it starts and ends
 * on the slow phone, and how long it took here.
 *
 *   LIGHTHOUSE_ARTIFACTS=/tmp/lh npm run bench:lighthouse     (keeps each pass's artifacts)
 *   node bench/lantern.ts /tmp/lh/<pass>                         (one pass)
 *
 * A task's simulated time is its time here × 4 (× 2 for one that laid the page out); a request
 * from the HTTP cache costs 8 ms; the blocking time counts what each task after the first paint
 * takes beyond 50 ms.
 */

import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';

type Timing = { startTime: number; endTime: number; duration: number };
type GraphNode = {
  type: 'network' | 'cpu';
  request?: { url: string; priority: string; transferSize: number };
  fromDiskCache?: boolean;
  duration?: number;
  childEvents?: { name: string }[];
  didPerformLayout(): boolean;
};
type Estimate = { timeInMs: number; nodeTimings: Map<GraphNode, Timing> };
type Lantern = { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };

const folder = process.argv[2];
if (!folder) throw new Error('usage: node bench/lantern.ts <artifacts folder of one pass>');
const artifacts = loadArtifacts(folder);
const settings = { ...defaultSettings, formFactor: 'mobile' as const, throttlingMethod: 'simulate' as const };
const data = {
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings,
  URL: artifacts.URL,
  SourceMaps: artifacts.SourceMaps ?? [],
  HostDPR: artifacts.HostDPR ?? 1,
  simulator: null,
};
const context = { computedCache: new Map() };

const name = (node: GraphNode) => {
  if (node.type === 'network') {
    const request = node.request;
    const url = (request?.url ?? '').replace(/^https?:\/\/[^/]+/, '');
    return `${node.fromDiskCache ? 'cache ' : 'net   '}${request?.priority.padEnd(8)} ${url.slice(0, 70)}`;
  }
  const events = new Map<string, number>();
  for (const event of node.childEvents ?? []) events.set(event.name, (events.get(event.name) ?? 0) + 1);
  const kinds = ['ParseHTML', 'Layout', 'Paint', 'EvaluateScript', 'v8.evaluateModule', 'TimerFire', 'FunctionCall']
    .filter((kind) => events.has(kind))
    .join(' ');
  return `cpu   ${((node.duration ?? 0) / 1000).toFixed(1).padStart(6)} ms here ${node.didPerformLayout() ? '(layout) ' : ''}${kinds}`;
};

function show(title: string, estimate: Estimate, filter: (node: GraphNode, timing: Timing) => boolean = () => true) {
  console.log(`\n${title}: ${Math.round(estimate.timeInMs)} ms`);
  const rows = [...estimate.nodeTimings.entries()].filter(([node, timing]) => filter(node, timing));
  rows.sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) {
    console.log(
      `  ${Math.round(timing.startTime).toString().padStart(6)} → ${Math.round(timing.endTime).toString().padStart(6)}  ${name(node)}`,
    );
  }
}

const lcp = (await LanternLargestContentfulPaint.request(data, context)) as Lantern;
console.log(`LCP (simulated) ${Math.round(lcp.timing)} ms`);
show('LCP, optimistic graph', lcp.optimisticEstimate);
show('LCP, pessimistic graph', lcp.pessimisticEstimate);

const tbt = (await LanternTotalBlockingTime.request(data, context)) as Lantern;
console.log(`\nTBT (simulated) ${Math.round(tbt.timing)} ms; the tasks of 50 ms and more:`);
show('TBT, optimistic', tbt.optimisticEstimate, (node, timing) => node.type === 'cpu' && timing.duration >= 50);
show('TBT, pessimistic', tbt.pessimisticEstimate, (node, timing) => node.type === 'cpu' && timing.duration >= 50);
