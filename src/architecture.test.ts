/**
 * The server's import walls (issue 20; docs/architecture.md, "Layers"), like
 * web/architecture.test.ts for the web app. Imports flow one way:
 *
 *   domain  <-  db  <-  lib  <-  modules  <-  app (app.ts, server.ts, index.ts, endpoints.ts, ...)
 *
 * - domain (shared with the web app) imports only domain;
 * - db (the connection and the schema) imports only db and domain;
 * - lib imports only lib, db and domain;
 * - a module imports domain, db, lib, its own files, and another module only along an edge
 *   of MODULE_DEPENDENCIES below, which the test keeps acyclic;
 * - the top-level files may import anything; nothing imports them but each other.
 * No file imports itself through a chain (a worker's module, started with
 * `new URL("...", import.meta.url)`, runs apart: it is held to the layers, not to this).
 * Tests (*.test.ts) and their fixtures wire real parts together and are not walled.
 * See docs/architecture.md ("Layers") and decisions/042.
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

const SRC = import.meta.dir;

/**
 * The only imports between modules, as module -> modules it may import. Each is a module
 * using another's rows or rules (a bet needs its customer and shop); none may close a loop.
 */
export const MODULE_DEPENDENCIES: Record<string, readonly string[]> = {
  admin: ["auth", "bets", "reports", "shifts", "transactions", "users"],
  auth: ["shops", "users"],
  bets: ["customers", "shifts", "shops"],
  shifts: ["shops"],
  transactions: ["customers", "shifts", "shops"],
};

const specifiersOf = (source: string) => specifiersIn(source, "ts");

/** A worker's or a job's module: `new URL("./job-worker.ts", import.meta.url)`. */
const MODULE_URL = /new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g;

/** The modules a file starts in a thread of their own: a layer edge, but no import loop. */
function spawnedBy(source: string): string[] {
  return [...source.matchAll(MODULE_URL)].map((match) => match[1] as string);
}

const EXTENSIONS = ["", ".ts", "/index.ts"];
const resolveFile = (base: string) => resolveWith(base, EXTENSIONS);

const toSrcPath = (file: string) => relative(SRC, file).split(sep).join("/");
const isTest = (file: string) => /\.test\.ts$|(^|\/)fixtures\//.test(file);

/**
 * Every non-test .ts file under src/: what it imports (`graph`), and what it imports or
 * starts as a worker (`reach`, for the layers); imports leaving src/ are reported.
 */
function scanSrc() {
  const graph: ImportGraph = new Map();
  const reach: ImportGraph = new Map();
  const unresolved: string[] = [];
  const outside: string[] = [];
  const resolveAll = (path: string, specifiers: string[]) => {
    const file = join(SRC, path);
    const targets: string[] = [];
    for (const specifier of specifiers) {
      if (!specifier.startsWith(".")) continue; // a package
      const base = resolve(dirname(file), specifier);
      if (toSrcPath(base).startsWith("..")) {
        outside.push(`${path} -> ${specifier}`);
        continue;
      }
      const found = resolveFile(base);
      if (found) targets.push(toSrcPath(found));
      else unresolved.push(`${path} -> ${specifier}`);
    }
    return targets;
  };
  for (const path of new Bun.Glob("**/*.ts").scanSync(SRC)) {
    if (isTest(path)) continue;
    const source = readFileSync(join(SRC, path), "utf8");
    const imports = resolveAll(path, specifiersOf(source));
    graph.set(path, imports);
    reach.set(path, [...imports, ...resolveAll(path, spawnedBy(source))]);
  }
  return { graph, reach, unresolved, outside };
}

/** A file's layer: "domain", "db", "lib", "app", or "modules/<name>". */
function layerOf(file: string): string {
  const top = file.split("/")[0] as string;
  if (!file.includes("/")) return "app";
  if (top === "modules") return `modules/${file.split("/")[1]}`;
  return top;
}

const BELOW: Record<string, readonly string[]> = {
  domain: ["domain"],
  db: ["db", "domain"],
  lib: ["lib", "db", "domain"],
};

/** The wall each import breaks, one message per import. */
function layerViolations(graph: ImportGraph, dependencies = MODULE_DEPENDENCIES): string[] {
  const violations: string[] = [];
  for (const [from, targets] of graph) {
    const source = layerOf(from);
    for (const to of targets) {
      const target = layerOf(to);
      if (source === "app" || source === target) continue;
      if (target === "app") {
        violations.push(`${from} -> ${to}: only the top-level files import ${to}`);
        continue;
      }
      const allowed = BELOW[source];
      if (allowed) {
        if (!allowed.includes(target)) {
          violations.push(`${from} -> ${to}: ${source} imports only ${allowed.join(", ")}`);
        }
        continue;
      }
      // A module: everything below, and the other modules its edges name.
      if (BELOW.lib?.includes(target)) continue;
      const module = source.slice("modules/".length);
      const other = target.slice("modules/".length);
      if (!(dependencies[module] ?? []).includes(other)) {
        violations.push(
          `${from} -> ${to}: modules/${module} may not import modules/${other} (MODULE_DEPENDENCIES)`,
        );
      }
    }
  }
  return violations;
}

/**
 * The graph without imports between the schema's table files: tables reference each other's
 * keys both ways (users.customer_id, customers.created_by) through lazy foreign keys,
 * `references(() => users.id)`, read only once both files have loaded. That is one schema
 * split into files for reading, the one loop allowed.
 */
function withoutSchemaLinks(graph: ImportGraph): ImportGraph {
  const inSchema = (file: string) => file.startsWith("db/schema/");
  return new Map(
    [...graph].map(([from, targets]) => [
      from,
      inSchema(from) ? targets.filter((to) => !inSchema(to)) : targets,
    ]),
  );
}

/** The modules' graph: a -> b when a file of modules/a imports one of modules/b. */
function moduleGraph(graph: ImportGraph): ImportGraph {
  const modules: ImportGraph = new Map();
  for (const [from, targets] of graph) {
    const source = layerOf(from);
    if (!source.startsWith("modules/")) continue;
    const edges = modules.get(source) ?? [];
    for (const to of targets) {
      const target = layerOf(to);
      if (target.startsWith("modules/") && target !== source && !edges.includes(target)) {
        edges.push(target);
      }
    }
    modules.set(source, edges);
  }
  return modules;
}

describe("server architecture", () => {
  const { graph, reach, unresolved, outside } = scanSrc();

  test("the rule checkers flag a graph that breaks every rule", () => {
    const bad: ImportGraph = new Map([
      ["domain/money.ts", ["lib/errors.ts"]],
      ["db/client.ts", ["lib/logger.ts"]],
      ["lib/read-worker.ts", ["endpoints.ts"]],
      ["lib/csv.ts", ["modules/bets/bets.service.ts"]],
      ["modules/auth/auth.endpoints.ts", ["modules/admin/users.service.ts"]],
      ["modules/admin/users.service.ts", ["modules/auth/auth.service.ts"]],
      ["modules/auth/auth.service.ts", ["modules/auth/auth.endpoints.ts"]],
      ["lib/errors.ts", []],
      ["lib/logger.ts", []],
      ["endpoints.ts", ["modules/auth/auth.endpoints.ts"]],
      ["modules/bets/bets.service.ts", []],
    ]);
    expect(layerViolations(bad, { admin: ["auth"] })).toEqual([
      "domain/money.ts -> lib/errors.ts: domain imports only domain",
      "db/client.ts -> lib/logger.ts: db imports only db, domain",
      "lib/read-worker.ts -> endpoints.ts: only the top-level files import endpoints.ts",
      "lib/csv.ts -> modules/bets/bets.service.ts: lib imports only lib, db, domain",
      "modules/auth/auth.endpoints.ts -> modules/admin/users.service.ts: modules/auth may not import modules/admin (MODULE_DEPENDENCIES)",
    ]);
    expect(findCycle(bad)).toEqual([
      "modules/auth/auth.endpoints.ts",
      "modules/admin/users.service.ts",
      "modules/auth/auth.service.ts",
      "modules/auth/auth.endpoints.ts",
    ]);
    expect(findCycle(moduleGraph(bad))).toEqual(["modules/admin", "modules/auth", "modules/admin"]);
    const good: ImportGraph = new Map([
      ["app.ts", ["endpoints.ts", "lib/endpoint.ts"]],
      ["endpoints.ts", ["modules/admin/admin.endpoints.ts"]],
      ["modules/admin/admin.endpoints.ts", ["modules/auth/auth.service.ts", "lib/endpoint.ts"]],
      ["modules/auth/auth.service.ts", ["lib/errors.ts", "db/client.ts"]],
      ["lib/endpoint.ts", ["lib/errors.ts", "domain/contracts.ts"]],
      ["lib/errors.ts", []],
      ["db/client.ts", ["domain/enums.ts"]],
      ["domain/contracts.ts", ["domain/enums.ts"]],
      ["domain/enums.ts", []],
    ]);
    expect(layerViolations(good, { admin: ["auth"] })).toEqual([]);
    expect(findCycle(good)).toBeNull();
    expect(findCycle(moduleGraph(good))).toBeNull();
  });

  test("the scan reads the whole server, type-only imports and worker modules included", () => {
    const source = [
      'import type { A } from "./a";',
      'import { type B, type C } from "./b";',
      'export type { D } from "./d";',
      'export * from "./g";',
      'const w = new Worker(new URL("./h-worker.ts", import.meta.url).href);',
    ].join("\n");
    expect(specifiersOf(source).sort()).toEqual(["./a", "./b", "./d", "./g"]);
    expect(spawnedBy(source)).toEqual(["./h-worker.ts"]);
    expect(graph.size).toBeGreaterThan(100);
    expect(unresolved).toEqual([]);
    expect(graph.get("app.ts")).toContain("endpoints.ts");
    expect(reach.get("lib/read-pool.ts")).toContain("lib/read-worker.ts");
    expect(graph.get("lib/read-pool.ts")).not.toContain("lib/read-worker.ts");
  });

  test("no server file imports from outside src/", () => {
    expect(outside).toEqual([]);
  });

  test("imports flow domain <- db <- lib <- modules <- app", () => {
    expect(layerViolations(reach)).toEqual([]);
  });

  test("no file imports itself through a chain of imports", () => {
    const cycle = findCycle(withoutSchemaLinks(graph));
    if (cycle) throw new Error(`import cycle: ${cycle.join(" -> ")}`);
    expect(cycle).toBeNull();
  });

  test("modules depend on each other one way, only along the declared edges", () => {
    const modules = moduleGraph(reach);
    expect(modules.size).toBeGreaterThanOrEqual(10);
    const declared: ImportGraph = new Map(
      Object.entries(MODULE_DEPENDENCIES).map(([from, to]) => [
        `modules/${from}`,
        to.map((name) => `modules/${name}`),
      ]),
    );
    const cycle = findCycle(declared);
    if (cycle) throw new Error(`MODULE_DEPENDENCIES has a cycle: ${cycle.join(" -> ")}`);
    expect(findCycle(modules)).toBeNull();
    // Every declared edge is used: an edge nobody needs any more goes.
    for (const [from, to] of declared) {
      for (const target of to)
        expect(`${from} -> ${target}: ${modules.get(from)?.includes(target)}`).toBe(
          `${from} -> ${target}: true`,
        );
    }
  });
});
