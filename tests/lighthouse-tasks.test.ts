/**
 * bench/lighthouse-tasks.ts reads a Lighthouse trace: the renderer's main thread's long tasks
 * and, from V8's CPU samples, what ran in each. A small trace written here, shaped like
 * Chromium's: two renderer threads (the busier is the page's), a long task and a short one.
 */
import { describe, expect, test } from "bun:test";
import { longTasks, traceEvents } from "../bench/lighthouse-tasks";

const PID = 7;
const MAIN = 1;
const ms = (n: number) => n * 1000;

/** Nodes: root > performWorkOnRoot > Chart > getComputedStyle, and root > (idle). */
const nodes = [
  { id: 1, callFrame: { functionName: "(root)", url: "" } },
  {
    id: 2,
    parent: 1,
    callFrame: { functionName: "performWorkOnRoot", url: "/assets/index-ab12cd34.js" },
  },
  {
    id: 3,
    parent: 2,
    callFrame: { functionName: "Chart", url: "/assets/series-charts-zz99yy88.js" },
  },
  { id: 4, parent: 3, callFrame: { functionName: "getComputedStyle", url: "" } },
  { id: 5, parent: 1, callFrame: { functionName: "(idle)", url: "" } },
  {
    id: 6,
    parent: 3,
    callFrame: {
      functionName: "",
      url: "/assets/series-charts-zz99yy88.js",
      lineNumber: 53,
      columnNumber: 10511,
    },
  },
];

function trace() {
  const origin = ms(1_000);
  return [
    { name: "thread_name", ph: "M", ts: 0, pid: PID, tid: MAIN, args: { name: "CrRendererMain" } },
    { name: "thread_name", ph: "M", ts: 0, pid: 9, tid: 3, args: { name: "CrRendererMain" } },
    { name: "RunTask", ph: "X", ts: origin, dur: ms(5), pid: PID, tid: MAIN },
    { name: "RunTask", ph: "X", ts: origin + ms(100), dur: ms(40), pid: PID, tid: MAIN },
    { name: "Layout", ph: "X", ts: origin + ms(110), dur: ms(2), pid: PID, tid: MAIN },
    { name: "RunTask", ph: "X", ts: origin, dur: ms(90), pid: 9, tid: 3 },
    {
      name: "Profile",
      ph: "P",
      ts: origin,
      pid: PID,
      tid: MAIN,
      args: { data: { startTime: origin } },
    },
    // Samples every 10 ms from the start: idle, idle ... then inside the long task four
    // samples (at 100, 110, 120, 130 ms): getComputedStyle twice, Chart, the anonymous ref.
    {
      name: "ProfileChunk",
      ph: "P",
      ts: origin + ms(1),
      pid: PID,
      tid: MAIN,
      args: {
        data: {
          cpuProfile: { nodes: nodes.slice(0, 4), samples: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5] },
          timeDeltas: [0, ...Array(9).fill(ms(10))],
        },
      },
    },
    {
      name: "ProfileChunk",
      ph: "P",
      ts: origin + ms(95),
      pid: PID,
      tid: MAIN,
      args: {
        data: {
          cpuProfile: { nodes: nodes.slice(4), samples: [4, 4, 3, 6, 5] },
          timeDeltas: Array(5).fill(ms(10)),
        },
      },
    },
  ];
}

describe("bench/lighthouse-tasks.ts", () => {
  test("finds the page's long tasks and what ran in them", () => {
    const tasks = longTasks(traceEvents(JSON.stringify({ traceEvents: trace() })), 12);
    // The short task and the other renderer's task are left out.
    expect(tasks).toHaveLength(1);
    const [task] = tasks;
    expect(task?.startMs).toBe(100);
    expect(task?.durationMs).toBe(40);
    // Four samples in the task: their own time, by function (the chunk's hash dropped).
    expect(task?.self).toEqual([
      ["getComputedStyle", 50],
      ["Chart (series-charts)", 25],
      ["(anonymous) (series-charts:53:10511)", 25],
    ]);
    // Within: frames on the stacks, React's own (performWorkOnRoot) left out.
    expect(task?.within[0]).toEqual(["Chart (series-charts)", 100]);
    expect(task?.within.some(([name]) => name.startsWith("performWorkOnRoot"))).toBe(false);
  });

  test("reads a bare array of events too, and a trace without samples", () => {
    const events = trace().filter((e) => e.name !== "ProfileChunk");
    const [task] = longTasks(traceEvents(JSON.stringify(events)), 12);
    expect(task?.durationMs).toBe(40);
    expect(task?.self).toEqual([]);
  });
});
