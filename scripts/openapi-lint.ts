/**
 * `bun run openapi:lint [--out FILE]`: writes the OpenAPI document the server serves at
 * /api/openapi.json (generated from the contracts, src/lib/endpoint.ts) to a file and lints
 * it with Redocly (redocly.yaml: recommended rules) and Spectral (.spectral.yaml: spectral:oas).
 * Both run offline, each under the Bun that runs this (decision 059). Exits 1 on any error or
 * warning from either.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const REDOCLY = join(ROOT, "node_modules/@redocly/cli/bin/cli.js");
const SPECTRAL = join(ROOT, "node_modules/@stoplight/spectral-cli/dist/index.js");

export interface LintProblem {
  tool: "redocly" | "spectral";
  severity: "error" | "warning";
  rule: string;
  message: string;
  where: string;
}

/** The document as served, written to `file`. */
export async function writeOpenApi(file: string): Promise<void> {
  const { openApi } = await import("../src/app");
  await Bun.write(file, `${JSON.stringify(openApi, null, 2)}\n`);
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn([process.execPath, ...args], {
    cwd: ROOT,
    stdout: "pipe",
    stderr: "pipe",
    // No telemetry, no update check: nothing leaves the machine.
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}

interface RedoclyReport {
  problems: {
    ruleId: string;
    severity: "error" | "warn";
    message: string;
    location: { pointer: string }[];
  }[];
}

/** Redocly's problems with `file` (redocly.yaml). */
export async function redoclyLint(file: string): Promise<LintProblem[]> {
  const { stdout, stderr } = await run([
    REDOCLY,
    "lint",
    file,
    "--config",
    join(ROOT, "redocly.yaml"),
    "--format=json",
  ]);
  let report: RedoclyReport;
  try {
    report = JSON.parse(stdout) as RedoclyReport;
  } catch {
    throw new Error(`redocly gave no report: ${stderr.slice(-2000)}`);
  }
  return report.problems.map((p) => ({
    tool: "redocly",
    severity: p.severity === "error" ? "error" : "warning",
    rule: p.ruleId,
    message: p.message,
    where: p.location[0]?.pointer ?? "",
  }));
}

interface SpectralResult {
  code: string | number;
  message: string;
  severity: number;
  path: (string | number)[];
}

/** Spectral's errors and warnings with `file` (.spectral.yaml); hints and infos left out. */
export async function spectralLint(file: string): Promise<LintProblem[]> {
  const { stdout, stderr } = await run([
    SPECTRAL,
    "lint",
    file,
    "--ruleset",
    join(ROOT, ".spectral.yaml"),
    "--format",
    "json",
    "--quiet",
  ]);
  let results: SpectralResult[];
  try {
    results = JSON.parse(stdout || "[]") as SpectralResult[];
  } catch {
    throw new Error(`spectral gave no report: ${stdout.slice(0, 500)} ${stderr.slice(-2000)}`);
  }
  return results
    .filter((r) => r.severity <= 1)
    .map((r) => ({
      tool: "spectral",
      severity: r.severity === 0 ? "error" : "warning",
      rule: String(r.code),
      message: r.message,
      where: r.path.join("."),
    }));
}

if (import.meta.main) {
  const outAt = process.argv.indexOf("--out");
  const dir = outAt === -1 ? mkdtempSync(join(tmpdir(), "openapi-lint-")) : null;
  const file = outAt === -1 ? join(dir as string, "openapi.json") : (process.argv[outAt + 1] ?? "");
  if (!file) throw new Error("--out needs a file name");
  await writeOpenApi(file);
  const problems = [...(await redoclyLint(file)), ...(await spectralLint(file))];
  for (const p of problems)
    console.log(`${p.tool} ${p.severity} ${p.rule} at ${p.where}: ${p.message}`);
  console.log(
    problems.length
      ? `${problems.length} problem(s) in the OpenAPI document`
      : "OpenAPI document: Redocly and Spectral found no errors and no warnings",
  );
  if (dir) rmSync(dir, { recursive: true, force: true });
  else console.log(`written to ${file}`);
  process.exit(problems.length ? 1 : 0);
}
