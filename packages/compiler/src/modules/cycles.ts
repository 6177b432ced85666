// Import cycles over file-to-file `use` edges (docs/language.md): one `module.import_cycle` per cycle,
// naming every file in it. Strongly connected components are found without recursion, so a
// long chain of imports can't overflow the stack.
import type { Span } from "../syntax/ast.ts";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.ts";

/** from file → to file → the span of the first `use` that made the edge. */
export type ImportEdges = Map<string, Map<string, Span>>;

export function addEdge(edges: ImportEdges, from: string, to: string, span: Span): void {
  if (from === to) return;
  let targets = edges.get(from);
  if (!targets) edges.set(from, (targets = new Map()));
  if (!targets.has(to)) targets.set(to, span);
}

function sortedTargets(edges: ImportEdges, from: string): string[] {
  return [...(edges.get(from)?.keys() ?? [])].sort();
}

/**
 * Tarjan's algorithm, iterative; components with more than one node, each sorted. Generic over the
 * graph (`targetsOf`) so the repository's own import-circle survey uses it too.
 */
export function cyclicComponents(targetsOf: (node: string) => string[], files: string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; targets: string[]; next: number }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: targetsOf(node), next: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.next < frame.targets.length) {
        const target = frame.targets[frame.next++];
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** Shortest path from `from` to `to` inside `allowed` (breadth first, targets in path order). */
function shortestPath(edges: ImportEdges, from: string, to: string, allowed: Set<string>): string[] {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    for (const target of sortedTargets(edges, node)) {
      if (!allowed.has(target) || previous.has(target)) continue;
      previous.set(target, node);
      if (target === to) {
        const path = [to];
        while (path[0] !== from) path.unshift(previous.get(path[0])!);
        return path;
      }
      queue.push(target);
    }
  }
  return [from, to];
}

/** A closed walk from the component's first file through every file of it and back. */
export function cycleWalk(edges: ImportEdges, component: string[]): string[] {
  const allowed = new Set(component);
  const walk = [component[0]];
  const visited = new Set(walk);
  for (const file of component) {
    if (visited.has(file)) continue;
    const path = shortestPath(edges, walk[walk.length - 1], file, allowed);
    for (const step of path.slice(1)) {
      walk.push(step);
      visited.add(step);
    }
  }
  for (const step of shortestPath(edges, walk[walk.length - 1], component[0], allowed).slice(1)) walk.push(step);
  return walk;
}

/** One `module.import_cycle` per cycle, at the `use` in its first file that starts the walk. */
export function importCycles(edges: ImportEdges, files: string[]): Diagnostic[] {
  return cyclicComponents((file) => sortedTargets(edges, file), files).map((component) => {
    const walk = cycleWalk(edges, component);
    const span = edges.get(walk[0])!.get(walk[1])!;
    return diagnostic("module.import_cycle", span, {}, [{ label: "cycle", text: walk.join(" → ") }]);
  });
}
