/**
 * `bun run test`: runs the server suite, the web (happy-dom) suite and, when a Chromium is
 * found, the browser suite; then prints one closing line "N passed, N failed".
 */
import { existsSync } from "node:fs";

interface Suite {
  name: string;
  dir: string;
  args: string[];
  skip?: string;
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const suites: Suite[] = [
  { name: "server", dir: "./src", args: ["test", "./src", "./tests", "--timeout", "30000"] },
  {
    name: "web",
    dir: "./web",
    args: ["test", "./web", "--preload", "./web/test/setup-dom.ts", "--timeout", "30000"],
  },
  {
    name: "browser",
    dir: "./e2e",
    args: ["test", "./e2e", "--timeout", "120000"],
    skip: existsSync(chromium) ? undefined : `no Chromium at ${chromium}: browser suite skipped`,
  },
];

let passed = 0;
let failed = 0;
let anyFailure = false;
for (const suite of suites) {
  if (!existsSync(suite.dir)) continue;
  if (suite.skip) {
    console.log(`[${suite.name}] ${suite.skip}`);
    continue;
  }
  console.log(`\n[${suite.name}] bun ${suite.args.join(" ")}`);
  const proc = Bun.spawn(["bun", ...suite.args], {
    stdout: "inherit",
    stderr: "pipe",
    env: process.env,
  });
  // bun test reports to stderr; echo it and read the closing counts from it.
  let text = "";
  const decoder = new TextDecoder();
  const reader = proc.stderr.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const part = decoder.decode(value, { stream: true });
    text += part;
    process.stderr.write(part);
  }
  const code = await proc.exited;
  const pass = Number(/^\s*(\d+) pass/m.exec(text)?.[1] ?? 0);
  const fail = Number(/^\s*(\d+) fail/m.exec(text)?.[1] ?? 0);
  passed += pass;
  failed += fail;
  if (code !== 0) {
    anyFailure = true;
    if (fail === 0) failed += 1; // the suite died without reporting a failing test
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(anyFailure || failed > 0 ? 1 : 0);
