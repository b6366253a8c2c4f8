/**
 * The web app's import walls (bulletproof-react's one-way imports shared -> features -> app):
 * a feature is used only through its public entry (features/<name>/index.ts), shared code
 * (components, lib, test helpers) never imports a feature, nothing below web/app imports
 * it, and neither the files of web/ nor its features import each other in a cycle.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import {
  findCycle,
  type ImportGraph,
  resolveFile as resolveWith,
  specifiersOf as specifiersIn,
} from "../tests/helpers/import-graph";

const WEB = import.meta.dir;
const ROOT = dirname(WEB);

const specifiersOf = (source: string) => specifiersIn(source, "tsx");

/** tsconfig "paths" such as "@/*": ["./web/*"], as [prefix, absolute target prefix]. */
function aliases(): [string, string][] {
  const config = JSON.parse(readFileSync(join(ROOT, "tsconfig.json"), "utf8")) as {
    compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> };
  };
  const base = resolve(ROOT, config.compilerOptions?.baseUrl ?? ".");
  return Object.entries(config.compilerOptions?.paths ?? {}).flatMap(([from, [to]]) =>
    to ? [[from.replace(/\*$/, ""), resolve(base, to.replace(/\*$/, ""))] as [string, string]] : [],
  );
}

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];
const resolveFile = (base: string) => resolveWith(base, EXTENSIONS);

const toWebPath = (file: string) => relative(WEB, file).split(sep).join("/");
const isInWeb = (file: string) => !toWebPath(file).startsWith("..");

/**
 * The web/ file a specifier names; null for a package or a file outside web/ (src/domain is
 * shared with the server and is not part of these walls), undefined when nothing matches.
 */
function resolveSpecifier(
  specifier: string,
  importer: string,
  paths: [string, string][],
): string | null | undefined {
  let base: string | undefined;
  if (specifier.startsWith(".")) base = resolve(dirname(importer), specifier);
  else {
    const alias = paths.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) base = alias[1] + specifier.slice(alias[0].length);
  }
  if (base === undefined || !isInWeb(base)) return null;
  return resolveFile(base) ?? undefined;
}

/** Every .ts/.tsx file under web/ and the web/ files each one imports. */
function scanWeb(): { graph: ImportGraph; unresolved: string[] } {
  const paths = aliases();
  const graph: ImportGraph = new Map();
  const unresolved: string[] = [];
  for (const path of new Bun.Glob("**/*.{ts,tsx}").scanSync(WEB)) {
    const file = join(WEB, path);
    const targets: string[] = [];
    for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
      const target = resolveSpecifier(specifier, file, paths);
      if (target === undefined) unresolved.push(`${toWebPath(file)} -> ${specifier}`);
      else if (target !== null) targets.push(toWebPath(target));
    }
    graph.set(toWebPath(file), targets);
  }
  return { graph, unresolved };
}

const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1];
const isShared = (file: string) => /^(components|lib|test)\//.test(file);
const isPublicEntry = (file: string) => /^features\/[^/]+\/index\.tsx?$/.test(file);

/** The wall each import breaks, one message per import. */
function boundaryViolations(graph: ImportGraph): string[] {
  const violations: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const target = featureOf(to);
      if (target && featureOf(from) !== target && !isPublicEntry(to)) {
        violations.push(`${from} -> ${to}: use features/${target}/index.ts`);
      }
      if (target && isShared(from)) {
        violations.push(`${from} -> ${to}: shared code imports no feature`);
      }
      if (to.startsWith("app/") && !from.startsWith("app/") && !/^(main\.tsx|test\/)/.test(from)) {
        violations.push(`${from} -> ${to}: only the entry point and tests import app/`);
      }
    }
  }
  return violations;
}

/** The graph of features: features/a -> features/b when a file of a imports one of b. */
function featureGraph(graph: ImportGraph): ImportGraph {
  const features: ImportGraph = new Map();
  for (const [from, targets] of graph) {
    const source = featureOf(from);
    if (!source) continue;
    const edges = features.get(`features/${source}`) ?? [];
    for (const to of targets) {
      const target = featureOf(to);
      if (target && target !== source && !edges.includes(`features/${target}`)) {
        edges.push(`features/${target}`);
      }
    }
    features.set(`features/${source}`, edges);
  }
  return features;
}

describe("web architecture", () => {
  const { graph, unresolved } = scanWeb();

  test("the rule checkers flag a graph that breaks every rule", () => {
    const bad: ImportGraph = new Map([
      ["features/bets/components/a.tsx", ["features/customers/api/get-customer.ts"]],
      ["features/customers/api/get-customer.ts", []],
      ["components/ui/b.tsx", ["features/customers/index.ts"]],
      ["lib/c.ts", ["app/router.tsx"]],
      ["features/customers/index.ts", ["features/customers/components/d.tsx"]],
      ["features/customers/components/d.tsx", ["features/shops/index.ts"]],
      ["features/shops/index.ts", ["features/customers/index.ts"]],
      ["app/router.tsx", []],
    ]);
    expect(boundaryViolations(bad)).toEqual([
      "features/bets/components/a.tsx -> features/customers/api/get-customer.ts: use features/customers/index.ts",
      "components/ui/b.tsx -> features/customers/index.ts: shared code imports no feature",
      "lib/c.ts -> app/router.tsx: only the entry point and tests import app/",
    ]);
    expect(findCycle(bad)).toEqual([
      "features/customers/index.ts",
      "features/customers/components/d.tsx",
      "features/shops/index.ts",
      "features/customers/index.ts",
    ]);
    // Features can import each other in a cycle through files that form none.
    const crossed: ImportGraph = new Map([
      ["features/customers/components/detail.tsx", ["features/bets/index.ts"]],
      ["features/bets/index.ts", ["features/bets/components/button.tsx"]],
      ["features/bets/components/button.tsx", []],
      ["features/bets/components/dialog.tsx", ["features/customers/index.ts"]],
      ["features/customers/index.ts", ["features/customers/api/get.ts"]],
      ["features/customers/api/get.ts", []],
    ]);
    expect(findCycle(crossed)).toBeNull();
    expect(findCycle(featureGraph(crossed))).toEqual([
      "features/bets",
      "features/customers",
      "features/bets",
    ]);
    const good: ImportGraph = new Map([
      ["app/routes/x.tsx", ["features/bets/index.ts", "components/ui/b.tsx"]],
      ["features/bets/index.ts", ["features/bets/components/a.tsx"]],
      ["features/bets/components/a.tsx", ["features/customers/index.ts", "lib/c.ts"]],
      ["features/customers/index.ts", []],
      ["components/ui/b.tsx", ["lib/c.ts"]],
      ["lib/c.ts", []],
    ]);
    expect(boundaryViolations(good)).toEqual([]);
    expect(findCycle(good)).toBeNull();
    expect(findCycle(featureGraph(good))).toBeNull();
  });

  test("the scan reads the whole app, type-only and lazy imports included", () => {
    const source = [
      'import type { A } from "./a";',
      'import { type B, type C } from "./b";',
      'export type { D } from "./d";',
      "import E, {\n  type F,\n} from './e';",
      'export * from "./g";',
      'const H = lazy(() => import("./h"));',
    ].join("\n");
    expect(specifiersOf(source).sort()).toEqual(["./a", "./b", "./d", "./e", "./g", "./h"]);
    expect(graph.size).toBeGreaterThan(50);
    expect(unresolved).toEqual([]);
    expect(graph.get("app/router.tsx")).toContain("features/auth/index.ts");
    expect(graph.get("app/router.tsx")).toContain("app/routes/dashboard.tsx");
  });

  test("features are imported only through their public entry, shared code imports none", () => {
    expect(boundaryViolations(graph)).toEqual([]);
  });

  test("no file imports itself through a chain of imports", () => {
    const cycle = findCycle(graph);
    if (cycle) throw new Error(`import cycle: ${cycle.join(" -> ")}`);
    expect(cycle).toBeNull();
  });

  test("features depend on each other one way (no cycle between features)", () => {
    const features = featureGraph(graph);
    expect(features.size).toBeGreaterThanOrEqual(10);
    const cycle = findCycle(features);
    if (cycle) throw new Error(`feature cycle: ${cycle.join(" -> ")}`);
    expect(cycle).toBeNull();
  });
});
