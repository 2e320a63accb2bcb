import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's shape (docs/conventions.md, "Adding a module"): no import circle; a module reaches
 * another through the `Services` registry (platform/module.ts) and imports nothing of it but its
 * `public.ts` (types and pure helpers; never its tables);
 * an integration (an adapter for an outside party) knows no module; the platform knows neither.
 * Counts type-only imports too: a type import is still a dependency between files.
 */
const src = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Each source file's imports of other source files (relative specifiers only). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (spec?.startsWith('.')) targets.push(path.resolve(path.dirname(file), spec));
    }
    graph.set(file, targets);
  }
  return graph;
}

const rel = (file: string) => path.relative(src, file);

/** Where a file belongs: `modules/<name>`, `integrations/<name>`, `platform`, or the app's entry files. */
function area(file: string): { kind: 'module' | 'integration' | 'platform' | 'entry'; name: string } {
  const [top, name] = rel(file).split(path.sep);
  if (top === 'modules' && name !== 'index.ts') return { kind: 'module', name };
  if (top === 'integrations') return { kind: 'integration', name };
  if (top === 'platform') return { kind: 'platform', name: 'platform' };
  return { kind: 'entry', name: rel(file) };
}

/** What a file may import, by where both stand. */
function refusal(from: string, to: string): string | null {
  const a = area(from);
  const b = area(to);
  // The platform's configuration reads the integrations' settings: adapters sit below modules, above nothing.
  if (a.kind === 'platform' && b.kind === 'module') return 'the platform imports no module';
  if (a.kind === 'integration' && b.kind === 'module') return 'an integration imports no module';
  if (a.kind === 'integration' && b.kind === 'integration' && a.name !== b.name) return 'integrations stand alone';
  if (a.kind === 'module' && b.kind === 'module' && a.name !== b.name && path.basename(to) !== 'public.ts')
    return `reach the ${b.name} module through its service (Services['${b.name}']) or its public.ts, not its files`;
  if (a.kind !== 'entry' && b.kind === 'entry') return 'only the entry files import the module list';
  return null;
}

describe("the server's shape", () => {
  const graph = importGraph();

  it('has no import circle', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...trail.slice(trail.indexOf(file)), file].map(rel).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) if (graph.has(next)) walk(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) walk(file, []);
    expect(circles).toEqual([]);
  });

  it('keeps modules, integrations and the platform apart', () => {
    const crossings: string[] = [];
    for (const [from, targets] of graph)
      for (const to of targets) {
        const why = refusal(from, to);
        if (why) crossings.push(`${rel(from)} → ${rel(to)}: ${why}`);
      }
    expect(crossings).toEqual([]);
  });

  it('sees the imports it checks (a broken pattern would pass everything)', () => {
    const app = graph.get(path.join(src, 'app.ts')) ?? [];
    expect(app).toContain(path.join(src, 'modules/index.ts'));
    expect(graph.get(path.join(src, 'modules/index.ts'))).toContain(path.join(src, 'modules/orders/module.ts'));
    expect(refusal(path.join(src, 'modules/a/x.ts'), path.join(src, 'modules/b/tables.ts'))).not.toBeNull();
    expect(refusal(path.join(src, 'modules/a/x.ts'), path.join(src, 'modules/b/public.ts'))).toBeNull();
    expect(refusal(path.join(src, 'integrations/a/x.ts'), path.join(src, 'modules/b/service.ts'))).not.toBeNull();
  });
});

describe("a module's public.ts", () => {
  it('publishes no tables', () => {
    const leaks = sourceFiles(path.join(src, 'modules'))
      .filter((file) => path.basename(file) === 'public.ts')
      .filter((file) =>
        /from '\.\/tables\.ts'/.test(
          readFileSync(file, 'utf8').replace(/export type \{[^}]*\} from '\.\/tables\.ts';/g, ''),
        ),
      )
      .map(rel);
    expect(leaks).toEqual([]);
  });
});

/** A file is read at one sitting (docs/conventions.md, "Adding a module"): none over this many lines. */
const MAX_LINES = 600;

describe('a source file', () => {
  it(`is at most ${MAX_LINES} lines (tests aside)`, () => {
    const files = sourceFiles(src);
    // A walk that found nothing would pass everything.
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file: rel(file), lines: readFileSync(file, 'utf8').trimEnd().split('\n').length }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });
});
