/**
 * The files the container image runs from (decision 061), copied into `<out>` (default
 * `image-root`): the server's TypeScript as it is (its workers and job modules are loaded by
 * URL at run time, so it is not bundled), the migrations, the built web app, the operator
 * scripts with every file of the checkout they import (seed-demo's ./demo-names), and of
 * node_modules only the files the server can load: Bun's bundler walks the imports from
 * every server module and script (its metafile lists them) without writing a bundle. Each package used keeps all its package.json files (resolution needs them); the
 * Scalar page's script (read from disk, not imported) and the Litestream binary are added by
 * name. A package that is neither a dependency nor one of theirs stops the copy: the image
 * holds production code only.
 *
 *   bun scripts/image-files.ts /out     (in the Dockerfile's build stage, after `bun run build`)
 */
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const ROOT = resolve(import.meta.dir, "..");

/**
 * Scripts an operator runs inside the container (`bun run restore`, ...). What they import
 * from the checkout (scripts/cli.ts, scripts/demo-names.ts, ...) comes with them, traced.
 */
export const OPERATOR_SCRIPTS = [
  "backup.ts",
  "create-admin.ts",
  "export.ts",
  "restore.ts",
  "seed-demo.ts",
  "verify-ledger.ts",
];

/** Files read by path at run time rather than imported (relative to node_modules). */
export const READ_BY_PATH = [
  "@scalar/api-reference/dist/browser/standalone.js",
  "@flydotio/litestream-linux-x64/litestream",
];

const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.includes(`${sep}test${sep}`);

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}

/** Every server module (workers and job modules included) and the operator scripts. */
export function entrypoints(root = ROOT): string[] {
  const server = walk(join(root, "src")).filter((p) => p.endsWith(".ts") && !isTest(p));
  return [...server, ...OPERATOR_SCRIPTS.map((name) => join(root, "scripts", name))];
}

/** The package directory (relative to root) of a node_modules path: "node_modules/@a/b". */
function packageDir(path: string): string {
  const parts = path.split("/");
  const at = parts.lastIndexOf("node_modules");
  const scoped = parts[at + 1]?.startsWith("@");
  return parts.slice(0, at + (scoped ? 3 : 2)).join("/");
}

/**
 * What the entrypoints load (paths relative to root, with "/"): the node_modules files and
 * their packages, and the checkout's own files (`local`: the entrypoints and what they import
 * from outside src/, such as a script's helper beside it).
 */
export async function tracedModules(
  root = ROOT,
): Promise<{ files: string[]; packages: string[]; local: string[] }> {
  const result = await Bun.build({
    entrypoints: entrypoints(root),
    root,
    target: "bun",
    metafile: true,
    // Every module a package's entry imports is loaded at run time, used or not: the
    // bundler's "sideEffects": false pruning must not drop any from the list.
    ignoreDCEAnnotations: true,
    throw: false,
  });
  if (!result.success) {
    throw new Error(`the server's imports do not resolve: ${result.logs.join("\n")}`);
  }
  const inputs = Object.keys(result.metafile?.inputs ?? {});
  const files = inputs.filter((p) => p.startsWith("node_modules/"));
  const local = inputs.filter((p) => !p.startsWith("node_modules/"));
  const outside = local.filter((p) => p.startsWith("../") || p.startsWith("/"));
  if (outside.length > 0) {
    throw new Error(`the server imports files outside the checkout: ${outside.join(", ")}`);
  }
  for (const extra of READ_BY_PATH) files.push(`node_modules/${extra}`);
  // Bun.resolveSync("@scalar/api-reference") needs the package's main file to exist.
  files.push(
    relative(root, Bun.resolveSync("@scalar/api-reference", join(root, "src")))
      .split(sep)
      .join("/"),
  );
  const packages = [...new Set(files.map(packageDir))].sort();
  return { files: [...new Set(files)].sort(), packages, local: local.sort() };
}

/** The packages reachable from package.json's dependencies (the production closure). */
export function productionPackages(root = ROOT): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string, from: string) => {
    // Node's lookup: the nearest node_modules upwards from the dependent package.
    let dir = from;
    for (;;) {
      const candidate = join(dir, "node_modules", name);
      if (existsSync(join(candidate, "package.json"))) {
        const key = relative(root, candidate).split(sep).join("/");
        if (seen.has(key)) return;
        seen.add(key);
        const manifest = JSON.parse(readFileSync(join(candidate, "package.json"), "utf8"));
        const deps = {
          ...manifest.dependencies,
          ...manifest.optionalDependencies,
          ...manifest.peerDependencies,
        };
        for (const dep of Object.keys(deps)) visit(dep, candidate);
        return;
      }
      if (dir === root || dir === dirname(dir)) return;
      dir = dirname(dir);
    }
  };
  const own = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  for (const name of Object.keys(own.dependencies ?? {})) visit(name, root);
  return seen;
}

function copy(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  chmodSync(to, statSync(from).mode & 0o777);
}

/**
 * Copies the image's files into `out` (emptied first). `web: false` leaves the built web app
 * out (tests/image.test.ts, where dist/web may not be built).
 */
export async function copyImageFiles(
  out: string,
  { root = ROOT, web = true }: { root?: string; web?: boolean } = {},
): Promise<{ files: number }> {
  const { files, packages, local } = await tracedModules(root);
  const production = productionPackages(root);
  const strays = packages.filter((p) => !production.has(p));
  if (strays.length > 0) {
    throw new Error(`not production dependencies, yet loaded by the server: ${strays.join(", ")}`);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let count = 0;
  for (const file of files) {
    copy(join(root, file), join(out, file));
    count++;
  }
  for (const pkg of packages) {
    for (const path of walk(join(root, pkg))) {
      if (
        !path.endsWith("package.json") ||
        path.includes(`${sep}node_modules${sep}`, join(root, pkg).length)
      )
        continue;
      const target = join(out, relative(root, path));
      if (!existsSync(target)) {
        copy(path, target);
        count++;
      }
    }
  }
  // Every server module (a worker is loaded by URL, so not every one is imported) and every
  // file of the checkout an entrypoint imports: a script's helper beside it is not in the
  // list, and a script missing one fails only when an operator runs it in the container.
  const own = new Set([...entrypoints(root).map((entry) => relative(root, entry)), ...local]);
  for (const path of own) {
    copy(join(root, path), join(out, path));
    count++;
  }
  for (const name of ["package.json", "tsconfig.json"]) copy(join(root, name), join(out, name));
  cpSync(join(root, "drizzle"), join(out, "drizzle"), { recursive: true });
  if (web) {
    const built = join(root, "dist", "web");
    if (!existsSync(join(built, "index.html")))
      throw new Error("dist/web is not built: bun run build");
    cpSync(built, join(out, "dist", "web"), { recursive: true });
  }
  return { files: count };
}

if (import.meta.main) {
  const out = resolve(process.argv[2] ?? join(ROOT, "image-root"));
  const { files } = await copyImageFiles(out);
  console.log(`image files: ${files} copied into ${out}`);
}
