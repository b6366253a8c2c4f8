/**
 * Builds the React app (web/index.html) into dist/web: minified, code-split, hashed file
 * names, Tailwind v4 + daisyUI through bun-plugin-tailwind; each text file with its brotli and
 * gzip twins (.br, .gz: scripts/precompress.ts, decision 057). `--watch` rebuilds on change;
 * `--with-server` also runs the API server under `bun --watch` (the `dev` script).
 */
import { rmSync, watch } from "node:fs";
import { join, resolve } from "node:path";
import tailwind from "bun-plugin-tailwind";
import { precompressDir } from "./precompress";

const root = join(import.meta.dir, "..");
// WEB_DIST as the server reads it: relative to the project, or an absolute path.
const outdir = resolve(root, process.env.WEB_DIST ?? "dist/web");

async function build(): Promise<boolean> {
  const started = performance.now();
  rmSync(outdir, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [join(root, "web/index.html")],
    outdir,
    target: "browser",
    // WEB_KEEP_NAMES=1 keeps function names, for a profile that reads (bench:lighthouse --trace).
    minify: process.env.WEB_KEEP_NAMES === "1" ? { whitespace: true, syntax: true } : true,
    splitting: true,
    sourcemap: "none",
    publicPath: "/",
    naming: {
      entry: "[name].[ext]",
      chunk: "assets/[name]-[hash].[ext]",
      asset: "assets/[name]-[hash].[ext]",
    },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    plugins: [tailwind],
  });
  if (!result.success) {
    for (const message of result.logs) console.error(message);
    return false;
  }
  const packed = precompressDir(outdir);
  const ms = Math.round(performance.now() - started);
  console.log(`web: built ${result.outputs.length} files into ${outdir} in ${ms} ms`);
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `web: ${packed.files} text files, ${kib(packed.bytes)}: ${kib(packed.brotliBytes)} as brotli, ${kib(packed.gzipBytes)} as gzip`,
  );
  const kb = (await firstScreenGzipBytes()) / 1024;
  console.log(`web: first screen (shell + dashboard) loads ${kb.toFixed(1)} KB of gzipped JS`);
  return true;
}

/** Chunks a module pulls in statically (import ... from "./x.js"), not its lazy imports. */
async function staticClosure(start: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await Bun.file(join(outdir, file)).text();
    for (const match of code.matchAll(
      /(?:import|export)\s*(?:[\w${}\s,*]+from\s*)?"\.?\/?(?:assets\/)?([\w.-]+\.js)"/g,
    )) {
      queue.push(`assets/${match[1]}`);
    }
  }
  return seen;
}

/**
 * Gzipped bytes of the JS the first screen after sign-in needs: the entry and what it imports
 * statically, the dashboard included (it is bundled with the app, decision 068).
 */
async function firstScreenGzipBytes(): Promise<number> {
  const html = await Bun.file(join(outdir, "index.html")).text();
  const entry = /src="\/(assets\/[\w.-]+\.js)"/.exec(html)?.[1];
  const files = await staticClosure(entry ? [entry] : []);
  let total = 0;
  for (const file of files)
    total += Bun.gzipSync(await Bun.file(join(outdir, file)).bytes()).length;
  return total;
}

const ok = await build();
if (process.argv.includes("--watch")) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  watch(join(root, "web"), { recursive: true }, (_event, file) => {
    if (!file || file.includes("/test/") || file.endsWith(".test.tsx")) return;
    clearTimeout(timer);
    timer = setTimeout(() => void build(), 100);
  });
  console.log("web: watching web/ for changes");
  if (process.argv.includes("--with-server")) {
    // `bun run dev`: the API server restarts on its own changes while this rebuilds the web.
    const server = Bun.spawn(["bun", "--watch", "src/index.ts"], {
      cwd: root,
      stdio: ["inherit", "inherit", "inherit"],
    });
    process.on("SIGINT", () => {
      server.kill();
      process.exit(0);
    });
    await server.exited;
    process.exit(0);
  }
} else if (!ok) {
  process.exit(1);
}
