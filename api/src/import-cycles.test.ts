import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Cycles are checked here rather than by import-x/no-cycle in the lint, which took `npm run lint` from 52 s to
// 81 s of CPU (docs/decisions/0038); this test takes well under a second. TypeScript itself parses and resolves the
// imports (the tsconfig's paths included), so it sees the graph the compiler sees.

const root = path.resolve(import.meta.dirname, '../..');
const tsconfig = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root);
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

const TREES = ['api/src/', 'web/src/', 'sync/src/'];
const files = tsconfig.fileNames.filter((file) => TREES.some((tree) => rel(file).startsWith(tree)) && /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));

/** Each file's imports within the three trees (type-only ones too: they tie modules together as much). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, tsconfig.options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => !!target && !target.includes('/node_modules/') && TREES.some((tree) => rel(target).startsWith(tree)));
    graph.set(rel(file), [...new Set(targets.map(rel))]);
  }
  return graph;
}

/** Strongly connected components with more than one node, or a node importing itself (Tarjan). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The graph between the folders of api/src/modules: one module importing another is one edge. */
function moduleGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const moduleOf = (file: string) => /^api\/src\/modules\/([^/]+)\//.exec(file)?.[1];
  const modules = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = modules.get(from) ?? modules.set(from, new Set()).get(from)!;
    for (const target of targets) {
      const to = moduleOf(target);
      if (to && to !== from) edges.add(to);
    }
  }
  return new Map([...modules].map(([name, edges]) => [name, [...edges]]));
}

describe('import cycles', () => {
  const graph = importGraph();

  it('reads the source trees', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('api/src/app.ts')).toContain('api/src/modules/messaging/routes.ts');
    expect(graph.get('web/src/main.tsx')?.length).toBeGreaterThan(0);
  });

  it('finds a cycle where there is one', () => {
    const sample = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(sample)).toEqual([['a', 'b', 'c']]);
  });

  it('no file of api/src, web/src or sync/src imports itself through others', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('the modules of api/src/modules import each other without cycles', () => {
    const modules = moduleGraph(graph);
    expect(modules.size).toBeGreaterThan(20);
    expect(cyclesOf(modules)).toEqual([]);
  });
});
