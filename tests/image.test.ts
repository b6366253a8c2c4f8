/**
 * The container image's promises (issue 22 item 7, decision 061), without building it (that
 * takes minutes: scripts/build-image.sh, not `bun run test`):
 * - a data folder the server's user cannot write stops the real server with one clear line
 *   (run as an unprivileged uid with setpriv, since the tests run as root in CI);
 * - the Dockerfile pins its bases by digest, checks /readyz, runs as a non-root user, keeps
 *   the data on a volume and copies no node_modules from the build;
 * - the files the image runs from (scripts/image-files.ts: the server's imports traced)
 *   hold no devDependency, and a real server started from them alone answers: sign-in, a
 *   list through the read workers, a CSV download, the books check in a job worker, the
 *   API reference's script and /readyz;
 * - every file an operator script imports from the checkout is among them, and each script
 *   loads from them alone (`bun run <script> --help` in the image's folder).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { copyImageFiles, OPERATOR_SCRIPTS, READ_BY_PATH } from "../scripts/image-files";
import { resolveFile } from "./helpers/import-graph";
import { freePort, runBun, signInOverHttp } from "./helpers/server-process";

const ROOT = join(import.meta.dir, "..");
const PASSWORD = "image-test-orchard-password";
/** An unprivileged user for the server (nobody); root would be let write anywhere. */
const UID = 65534;
const SETPRIV = Bun.which("setpriv");
const AS_ROOT = process.getuid?.() === 0;

/** Whether `UID` can run bun on this checkout (a clone under /root is out of its reach). */
function nobodyCanRunTheServer(): boolean {
  if (!AS_ROOT || !SETPRIV) return false;
  const probe = Bun.spawnSync(
    [
      SETPRIV,
      `--reuid=${UID}`,
      `--regid=${UID}`,
      "--clear-groups",
      process.execPath,
      "-e",
      `require("node:fs").accessSync(${JSON.stringify(join(ROOT, "src/index.ts"))}, 4)`,
    ],
    { stdout: "ignore", stderr: "ignore", env: { BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0" } },
  );
  return probe.exitCode === 0;
}
/** Root as the unprivileged user through setpriv; anyone else as themselves. */
const AS_NOBODY = nobodyCanRunTheServer();
/** Permissions apply to the server: it does not run as root. */
const canDropPrivileges = !AS_ROOT || AS_NOBODY;

if (!canDropPrivileges) {
  console.warn(
    `tests/image.test.ts: unwritable-folder tests skipped: running as root, and uid ${UID} cannot run bun on this checkout (setpriv ${SETPRIV ? "found" : "missing"})`,
  );
}

let dir: string;
const running = new Set<ReturnType<typeof Bun.spawn>>();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "image-test-"));
  // The unprivileged user must reach the folders below (mkdtemp makes 0700).
  chmodSync(dir, 0o755);
});
afterAll(async () => {
  for (const proc of running) proc.kill("SIGKILL");
  await Promise.all([...running].map((proc) => proc.exited));
  rmSync(dir, { recursive: true, force: true });
});

const uidNow = () => (AS_NOBODY ? UID : (process.getuid?.() ?? 0));

/** `bun src/index.ts` in `cwd` with `env`, as the unprivileged user when the tests are root. */
function spawnServer(env: Record<string, string>, cwd = ROOT) {
  const home = join(dir, "home");
  mkdirSync(home, { recursive: true });
  if (AS_NOBODY) chownSync(home, UID, UID);
  const bun = process.execPath;
  const command =
    AS_NOBODY && SETPRIV
      ? [SETPRIV, `--reuid=${UID}`, `--regid=${UID}`, "--clear-groups", bun, "src/index.ts"]
      : [bun, "src/index.ts"];
  const proc = Bun.spawn(command, {
    cwd,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0",
      PORT: "0",
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: "warn",
      WEB_DIST: join(dir, "no-web-build"),
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

/** The one line a server that refuses to start writes (no stack trace). */
async function refusal(proc: ReturnType<typeof spawnServer>): Promise<string> {
  const code = await proc.exited;
  const stderr = await new Response(proc.stderr).text();
  expect(code).not.toBe(0);
  expect(stderr).not.toContain("    at ");
  const lines = stderr.split("\n").filter((line) => line.startsWith("Not started: "));
  expect(lines).toHaveLength(1);
  return lines[0] as string;
}

/** A folder owned by root (mode 0755) or, when the tests are not root, one made read-only. */
function folderNotWritable(name: string): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  chmodSync(folder, AS_NOBODY ? 0o755 : 0o555);
  return folder;
}

async function waitUntilHealthy(url: string, proc: ReturnType<typeof spawnServer>) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null) {
      throw new Error(`server exited: ${await new Response(proc.stderr).text()}`);
    }
    if (Date.now() > deadline) throw new Error("server not healthy within 30 s");
    await Bun.sleep(50);
  }
}

describe.if(canDropPrivileges)("an unwritable data volume (decision 061)", () => {
  test("a folder the server's user cannot write stops it with one line saying who and what to do", async () => {
    const folder = folderNotWritable("root-owned");
    const databasePath = join(folder, "betting-shop.db");
    const line = await refusal(spawnServer({ DATABASE_PATH: databasePath }));
    const mode = (statSync(folder).mode & 0o7777).toString(8).padStart(4, "0");
    expect(line).toBe(
      `Not started: DATABASE_PATH ${databasePath}: the folder ${folder} is not writable by uid ${uidNow()} (owner uid ${statSync(folder).uid}, mode ${mode}); chown it to uid ${uidNow()} or mount a writable volume`,
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  test("a database file the server's user cannot write stops it too", async () => {
    const folder = join(dir, "file-not-writable");
    mkdirSync(folder);
    if (AS_NOBODY) chownSync(folder, UID, UID);
    const databasePath = join(folder, "betting-shop.db");
    writeFileSync(databasePath, "");
    chmodSync(databasePath, 0o444);
    const line = await refusal(spawnServer({ DATABASE_PATH: databasePath }));
    expect(line).toStartWith(
      `Not started: DATABASE_PATH ${databasePath}: the file is not writable by uid ${uidNow()}`,
    );
    expect(line).toEndWith(`chown it to uid ${uidNow()} or mount a writable volume`);
  });

  test("a folder that cannot be made (under a file) is one line as well", async () => {
    const file = join(dir, "a-file");
    writeFileSync(file, "not a folder");
    const databasePath = join(file, "data", "betting-shop.db");
    const line = await refusal(spawnServer({ DATABASE_PATH: databasePath }));
    expect(line).toBe(
      `Not started: DATABASE_PATH ${databasePath}: the folder ${join(file, "data")} cannot be created (ENOTDIR)`,
    );
  });

  test("the same user with a writable folder starts (the refusals above are the folder's)", async () => {
    const folder = join(dir, "writable");
    mkdirSync(folder);
    if (AS_NOBODY) chownSync(folder, UID, UID);
    const port = await freePort();
    const proc = spawnServer({ DATABASE_PATH: join(folder, "shop.db"), PORT: String(port) });
    await waitUntilHealthy(`http://127.0.0.1:${port}`, proc);
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
  });
});

describe("the Dockerfile's promises", () => {
  const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
  // Instructions, continuation lines joined, comments dropped.
  const lines = dockerfile
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const stages = lines.filter((line) => /^FROM /i.test(line));
  const runtime = lines.slice(lines.indexOf(stages.at(-1) as string));

  test("every base is an ARG that has no unpinned default, and build-image.sh passes digests", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const args = new Map(
      lines
        .filter((line) => /^ARG /i.test(line))
        .map((line) => {
          const [name, value] = line.slice(4).trim().split("=");
          return [name as string, value ?? null] as const;
        }),
    );
    for (const stage of stages) {
      const ref = (stage.split(/\s+/)[1] ?? "").trim();
      const arg = /^\$\{?(\w+)\}?$/.exec(ref)?.[1];
      if (arg) {
        expect(args.has(arg)).toBe(true);
        const fallback = args.get(arg);
        if (fallback) expect(fallback).toMatch(/@sha256:[0-9a-f]{64}$/);
      } else {
        expect(ref).toMatch(/@sha256:[0-9a-f]{64}$/);
      }
    }
    const script = readFileSync(join(ROOT, "scripts/build-image.sh"), "utf8");
    expect(script).toContain("@sha256:[0-9a-f]{64}$");
    expect(script).toContain('pinned "$BASE_IMAGE" || die');
    expect(script).toContain('pinned "$BUN_IMAGE" || die');
  });

  test("HEALTHCHECK asks /readyz, the user is not root, the data is a volume, Litestream is named", () => {
    const health = runtime.find((line) => /^HEALTHCHECK /i.test(line)) ?? "";
    expect(health).toContain("/readyz");
    const user = runtime.find((line) => /^USER /i.test(line)) ?? "";
    const [name] = user.slice(5).trim().split(":");
    expect(name).toMatch(/^[1-9]\d*$/);
    expect(runtime.some((line) => /^VOLUME .*\/app\/data/.test(line))).toBe(true);
    const litestream = READ_BY_PATH.find((path) => path.endsWith("/litestream"));
    expect(runtime.join("\n")).toContain(`LITESTREAM_PATH=/app/node_modules/${litestream}`);
  });

  test("the runtime copies no node_modules, no sources tree and no install from the build", () => {
    const copies = runtime.filter((line) => /^(COPY|ADD) /i.test(line));
    for (const line of copies) expect(line).not.toMatch(/node_modules|bun\.lock|\s\.\s/);
    expect(runtime.some((line) => /bun install/.test(line))).toBe(false);
  });
});

describe("the image's files (scripts/image-files.ts)", () => {
  let out: string;
  beforeAll(async () => {
    out = join(dir, "image-root");
    await copyImageFiles(out, { web: false });
    chmodSync(out, 0o755);
  });

  test("no devDependency is copied; the Litestream binary and the reference's script are", () => {
    const own = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    for (const name of Object.keys(own.devDependencies)) {
      expect(existsSync(join(out, "node_modules", name))).toBe(false);
    }
    for (const path of READ_BY_PATH) {
      expect(existsSync(join(out, "node_modules", path))).toBe(true);
    }
    const litestream = join(out, "node_modules/@flydotio/litestream-linux-x64/litestream");
    expect(statSync(litestream).mode & 0o111).not.toBe(0);
    expect(
      readdirSync(join(out, "src"), { recursive: true }).some((f) => /\.test\./.test(String(f))),
    ).toBe(false);
  });

  test("every file an operator script imports from the checkout is there, followed to the end", () => {
    // The imports read here from the sources, not from the bundler's trace the copy uses.
    const transpiler = new Bun.Transpiler({ loader: "ts" });
    const seen = new Set<string>();
    const missing: string[] = [];
    const visit = (file: string, from: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const path = relative(ROOT, file);
      if (!existsSync(join(out, path))) missing.push(`${path} (imported by ${from})`);
      // Runtime imports only: an `import type` is erased and needs no file in the image.
      for (const { path: spec } of transpiler.scanImports(readFileSync(file, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = resolveFile(resolve(dirname(file), spec), ["", ".ts", ".tsx", "/index.ts"]);
        if (!target) throw new Error(`${path}: ${spec} does not resolve`);
        visit(target, path);
      }
    };
    for (const name of OPERATOR_SCRIPTS) visit(join(ROOT, "scripts", name), "the image's list");
    expect(seen.has(join(ROOT, "scripts", "demo-names.ts"))).toBe(true);
    expect(missing).toEqual([]);
  });

  test.each(OPERATOR_SCRIPTS)(
    "the operator script %s loads from those files alone (bun run <it> --help)",
    async (file) => {
      const name = file.replace(/\.ts$/, "");
      const own = JSON.parse(readFileSync(join(out, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      };
      expect(own.scripts[name]).toBe(`bun scripts/${file}`);
      const run = await runBun(["run", name, "--help"], { NODE_ENV: "production" }, out);
      expect(run.stderr).not.toContain("Cannot find module");
      expect(run.code).toBe(0);
      expect(run.stdout).toStartWith(`Usage: bun run ${name}`);
    },
  );

  test("a real server started from those files alone answers its API, workers included", async () => {
    const data = join(dir, "traced-data");
    mkdirSync(data);
    if (AS_NOBODY) chownSync(data, UID, UID);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const proc = spawnServer(
      { DATABASE_PATH: join(data, "shop.db"), PORT: String(port), READ_WORKERS: "2" },
      out,
    );
    await waitUntilHealthy(url, proc);
    const { api: get } = await signInOverHttp(url, "admin", PASSWORD);
    expect((await get("/readyz")).status).toBe(200);
    expect((await get("/api/customers")).status).toBe(200);
    const csv = await get("/api/customers?format=csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    await csv.text();
    const books = await get("/api/admin/ledger-check");
    expect(books.status).toBe(200);
    const script = await get("/api/docs/reference.js");
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(100_000);
    proc.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
  });
});
