/**
 * What the server's and the web app's architecture tests share: reading a file's import
 * specifiers, resolving one to a file, and finding an import cycle. Each test keeps its own
 * walls (layers and modules for src/, features for web/).
 */
import { existsSync, statSync } from "node:fs";

/** File (a path relative to the scanned folder, with "/") -> the files it imports there. */
export type ImportGraph = Map<string, string[]>;

/**
 * scanImports drops type-only imports (`import type`, `export type`, `{ type X }`), but the
 * walls hold for types too, so static `from "..."` clauses are read from the source as well.
 */
const STATIC_FROM =
  /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)\s+from\s+["']([^"']+)["']/gm;

const transpilers = {
  ts: new Bun.Transpiler({ loader: "ts" }),
  tsx: new Bun.Transpiler({ loader: "tsx" }),
};

/** Every module specifier a source file names, type-only imports included. */
export function specifiersOf(source: string, loader: keyof typeof transpilers): string[] {
  const found = new Set(transpilers[loader].scanImports(source).map((entry) => entry.path));
  for (const match of source.matchAll(STATIC_FROM)) found.add(match[1] as string);
  return [...found];
}

/** The file a resolved base path names, trying each extension in turn; null when none. */
export function resolveFile(base: string, extensions: readonly string[]): string | null {
  for (const extension of extensions) {
    const file = base + extension;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** One import cycle as a path that ends where it starts, or null when there is none. */
export function findCycle(graph: ImportGraph): string[] | null {
  const done = new Set<string>();
  const onPath = new Map<string, number>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (done.has(file)) return null;
    const start = onPath.get(file);
    if (start !== undefined) return [...path.slice(start), file];
    onPath.set(file, path.length);
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const file of [...graph.keys()].sort()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}
