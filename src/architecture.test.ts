import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles, ROOT } from '../tests/code-files';

/**
 * Imports run one way: no two folders of src/, server/ and domain/ may import each other, straight
 * or round a longer loop. A loop means neither folder can be read, moved or tested without the
 * other; the piece both need belongs in a folder below them both.
 *
 * A node of the graph is a folder; a file that sits directly in a folder which also has
 * subfolders with code is a node of its own (src/App.tsx is not "src/"). Type-only and dynamic
 * imports count: a lazy screen still ties its folder to the one it loads. Test code (tests, their
 * helpers, src/test/, server/test/) is left out: it may reach anywhere.
 */

/**
 * Loops that stand today, each with what closes it; a loop may lose members but not gain any.
 * Break one and take it off: the test says when one is gone.
 */
const KNOWN_LOOPS: string[][] = [];

const TOP = ['src', 'server', 'domain'];

/** the relative module names a file imports: static, re-exported, side-effect and dynamic */
function importedNames(source: string): string[] {
  const names: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) if (match[1].startsWith('.')) names.push(match[1]);
  }
  return names;
}

function resolve(from: string, name: string, known: Set<string>): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), name.replace(/\.js$/, '')));
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => known.has(f));
}

export type Import = { from: string; to: string };

export function importGraph() {
  const files = codeFiles(TOP);
  const known = new Set(files);
  const foldersWithCode = new Set<string>();
  for (const file of files) {
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) foldersWithCode.add(dir);
  }
  const hasSubfolders = (dir: string) =>
    readdirSync(path.join(ROOT, dir)).some((name) => foldersWithCode.has(`${dir}/${name}`));
  const nodeOf = (file: string) => {
    const dir = path.posix.dirname(file);
    return hasSubfolders(dir) ? file : `${dir}/`;
  };
  const imports: Import[] = [];
  for (const file of files) {
    for (const name of importedNames(readFileSync(path.join(ROOT, file), 'utf8'))) {
      const to = resolve(file, name, known);
      if (to) imports.push({ from: file, to });
    }
  }
  return { files, imports, nodeOf };
}

/** Tarjan's strongly connected components of more than one node */
export function folderLoops(imports: Import[], nodeOf: (file: string) => string): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [nodeOf(from), nodeOf(to)];
    if (!next.has(a)) next.set(a, new Set());
    if (!next.has(b)) next.set(b, new Set());
    if (a !== b) next.get(a)!.add(b);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return loops;
}

describe('imports between folders', () => {
  const { files, imports, nodeOf } = importGraph();

  it('reads the code it guards', () => {
    // a pattern that stopped matching would pass every loop check below
    expect(files.length).toBeGreaterThan(300);
    expect(imports.length).toBeGreaterThan(1000);
    expect(folderLoops([{ from: 'a/x.ts', to: 'b/y.ts' }, { from: 'b/y.ts', to: 'a/z.ts' }], (f) => path.posix.dirname(f))).toEqual([['a', 'b']]);
  });

  it('run one way: no folder loops but the known ones, which may only shrink', () => {
    const loops = folderLoops(imports, nodeOf);
    const report = loops
      .filter((loop) => !KNOWN_LOOPS.some((known) => loop.every((node) => known.includes(node))))
      .map((loop) => {
        const members = new Set(loop);
        const closing = imports
          .filter(({ from, to }) => members.has(nodeOf(from)) && members.has(nodeOf(to)) && nodeOf(from) !== nodeOf(to))
          .map(({ from, to }) => `    ${from} -> ${to}`);
        return `${loop.join(' <-> ')}\n${closing.join('\n')}`;
      });
    expect(report.length, `${report.length} folder loop(s):\n${report.join('\n')}`).toBe(0);
    const gone = KNOWN_LOOPS.filter((known) => !loops.some((loop) => loop.some((node) => known.includes(node))));
    expect(gone, 'these loops are broken: take them off KNOWN_LOOPS').toEqual([]);
  });
});
