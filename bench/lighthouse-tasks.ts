/**
 * The long tasks of a Lighthouse trace and what ran in them (`bun run bench:lighthouse
 * --trace` prints them; alone: `bun bench/lighthouse-tasks.ts <trace.json> [min ms]`). The
 * trace must carry V8's CPU samples (Lighthouse's
 * `--additional-trace-categories=disabled-by-default-v8.cpu_profiler`); a build with names
 * kept (WEB_KEEP_NAMES=1) makes the functions readable. Durations are as observed, before
 * Lighthouse's simulated 4x CPU slowdown.
 */
import { readFileSync } from "node:fs";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: ProfileData };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number };
}

interface ProfileData {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

export interface LongTask {
  /** Milliseconds since the first task of the page's main thread. */
  startMs: number;
  durationMs: number;
  /** The functions that ran longest in it (their own time), with their share of its samples. */
  self: [string, number][];
  /** The components and functions it spent most in, frames included (React's own left out). */
  within: [string, number][];
}

const TASK = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);
/** React's and the scheduler's own frames, on every stack: left out of `within`. */
const PLUMBING =
  /^(\(root\)|\(program\)|\(idle\)|\(anonymous\)|perform|commit|complete|flush|workLoop|render|begin|update|recursively|reconcile|mount|safely|run|dispatch|processRoot|memoized|collect|checkIfSnapshot|\$?use[A-Z])/;

function frameName(node: ProfileNode): string {
  const file =
    (node.callFrame.url ?? "")
      .split("/")
      .pop()
      ?.replace(/-[a-z0-9]{8}\.js$/, "") ?? "";
  const { functionName, lineNumber, columnNumber } = node.callFrame;
  // An anonymous function is told by where it is (a ref callback, an arrow in a bundle).
  const where = functionName || !file ? file : `${file}:${lineNumber}:${columnNumber}`;
  return `${functionName || "(anonymous)"}${where ? ` (${where})` : ""}`;
}

function top(counts: Map<string, number>, total: number, n: number): [string, number][] {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => [name, Math.round((100 * count) / total)]);
}

/** The renderer's main thread's tasks of at least `minMs`, each with what ran in it. */
export function longTasks(events: TraceEvent[], minMs = 12): LongTask[] {
  const threadNames = events.filter((e) => e.ph === "M" && e.name === "thread_name");
  const complete = events.filter((e) => e.ph === "X" && e.dur !== undefined);
  const busiest = threadNames
    .filter((e) => e.args?.name === "CrRendererMain")
    .map((e) => ({ e, n: complete.filter((x) => x.pid === e.pid && x.tid === e.tid).length }))
    .sort((a, b) => b.n - a.n)[0]?.e;
  if (!busiest) return [];
  const onMain = complete.filter((e) => e.pid === busiest.pid && e.tid === busiest.tid);
  const origin = Math.min(...onMain.map((e) => e.ts));

  // The CPU profile: its nodes and each sample's time.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let ts = events.find((e) => e.name === "Profile" && e.pid === busiest.pid)?.args?.data?.startTime;
  const chunks = events
    .filter((e) => e.name === "ProfileChunk" && e.pid === busiest.pid)
    .sort((a, b) => a.ts - b.ts);
  for (const chunk of chunks) {
    const data = chunk.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = data.timeDeltas ?? [];
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts = (ts ?? chunk.ts) + (deltas[i] ?? 0);
      samples.push({ ts, node });
    });
  }
  const stackOf = (id: number): ProfileNode[] => {
    const stack: ProfileNode[] = [];
    for (let node = nodes.get(id); node; node = node.parent ? nodes.get(node.parent) : undefined) {
      stack.push(node);
    }
    return stack;
  };

  return onMain
    .filter((e) => TASK.has(e.name) && (e.dur ?? 0) >= minMs * 1000)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
      const self = new Map<string, number>();
      const within = new Map<string, number>();
      for (const sample of inTask) {
        const names = stackOf(sample.node).map(frameName);
        const leaf = names[0];
        if (leaf) self.set(leaf, (self.get(leaf) ?? 0) + 1);
        for (const name of new Set(names)) {
          if (!PLUMBING.test(name)) within.set(name, (within.get(name) ?? 0) + 1);
        }
      }
      const total = Math.max(1, inTask.length);
      return {
        startMs: Math.round((task.ts - origin) / 1000),
        durationMs: Math.round((task.dur ?? 0) / 100) / 10,
        self: top(self, total, 5),
        within: top(within, total, 8),
      };
    });
}

/** Prints the tasks, one paragraph each. */
export function printLongTasks(tasks: LongTask[]): void {
  const list = (entries: [string, number][]) =>
    entries.map(([name, share]) => `${name} ${share}%`).join(", ") || "(no samples)";
  for (const task of tasks) {
    console.log(`task at ${task.startMs} ms, ${task.durationMs} ms`);
    console.log(`  in:   ${list(task.within)}`);
    console.log(`  self: ${list(task.self)}`);
  }
}

/** A trace file's events (Lighthouse writes `{ traceEvents: [...] }`, DevTools a bare array). */
export function traceEvents(text: string): TraceEvent[] {
  const trace = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(trace) ? trace : trace.traceEvents;
}

if (import.meta.main) {
  const [file, minMs] = process.argv.slice(2);
  if (!file) {
    console.error("usage: bun bench/lighthouse-tasks.ts <trace.json> [min ms]");
    process.exit(2);
  }
  printLongTasks(longTasks(traceEvents(readFileSync(file, "utf8")), Number(minMs) || 12));
}
