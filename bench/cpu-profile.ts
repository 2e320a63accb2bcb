/**
 * Summarises a V8 `.cpuprofile` (from `BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR"`):
 * self time by function and by package or source file, and inclusive time by function.
 *
 *   node bench/cpu-profile.ts DIR/CPU.….cpuprofile [rows, default 25]
 *
 * The samples are wall time of the main thread: a system call that waits (a socket write on a
 * loaded machine) counts as that call's self time. Under the checkout load most of `writev`'s
 * samples are the server preempted by the database process its write woke (the bench's kernel time
 * of the server was 0.2 of 1.2 ms a checkout while `writev` held 37% of the samples), so the last
 * table leaves the socket writes and idle out: what the server's own code costs.
 */
import { readFileSync } from 'node:fs';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/cpu-profile.ts FILE.cpuprofile [rows]');
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);

const shortUrl = (url: string) => url.replace(/^file:\/\/.*?\/(node_modules|apps|packages)\//, '$1/');
const functionKey = ({ callFrame: f }: ProfileNode) =>
  `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
const placeKey = ({ callFrame: f }: ProfileNode) => {
  if (!f.url) return f.functionName;
  const pkg = f.url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  return pkg ? `package ${pkg[1]}` : shortUrl(f.url);
};

const WAITS = new Set(['writev', 'writeUtf8String', 'writeLatin1String', '(idle)']);
const selfByNode = new Map<number, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  selfByNode.set(id, (selfByNode.get(id) ?? 0) + dt);
});

const add = (m: Map<string, number>, k: string, t: number) => m.set(k, (m.get(k) ?? 0) + t);
const selfByFunction = new Map<string, number>();
const selfByPlace = new Map<string, number>();
const inclusive = new Map<string, number>();
const inclusiveOnCpu = new Map<string, number>();
let onCpuTotal = 0;
for (const [id, t] of selfByNode) {
  const node = nodes.get(id) as ProfileNode;
  const waits = WAITS.has(node.callFrame.functionName);
  if (!waits) onCpuTotal += t;
  add(selfByFunction, functionKey(node), t);
  add(selfByPlace, placeKey(node), t);
  // Each function once per stack, so recursion is not counted twice.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parentOf.get(cur)) {
    const key = functionKey(nodes.get(cur) as ProfileNode);
    if (!seen.has(key)) {
      add(inclusive, key, t);
      if (!waits) add(inclusiveOnCpu, key, t);
    }
    seen.add(key);
  }
}

const show = (title: string, m: Map<string, number>, of = total) => {
  console.log(`\n${title} (profile: ${(of / 1000).toFixed(0)} ms)`);
  for (const [key, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${(t / 1000).toFixed(0).padStart(8)} ms ${((100 * t) / of).toFixed(1).padStart(5)}%  ${key}`);
  }
};
show('self time by function', selfByFunction);
show('self time by package or file', selfByPlace);
show('inclusive time by function', inclusive);
show('inclusive time by function, socket writes and idle left out', inclusiveOnCpu, onCpuTotal);
