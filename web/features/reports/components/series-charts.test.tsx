/**
 * The charts as drawn (series-charts.tsx, visx): bars for the buckets that have money, the
 * category labels every how-many-th that fits, whole euros on the money axis, the legend and
 * the tooltip in the language showing, the outcome ring. happy-dom lays nothing out, so the
 * box a browser's ResizeObserver would report is handed to the chart here (`measure`); the
 * browser suite draws them in Chromium (e2e/charts.e2e.test.ts).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { applyLanguage } from "../../../i18n";
import type { OutcomeSlice, TrendPoint } from "../lib/series-data";
import { OutcomeChart, StakesChart, TrendChart } from "./series-charts";

type Callback = (
  entries: { contentRect: { width: number; height: number; top: number; left: number } }[],
  observer: unknown,
) => void;

/** The observers the charts made, standing in for the browser's layout. */
const observers = new Set<FakeResizeObserver>();

class FakeResizeObserver {
  constructor(readonly callback: Callback) {
    observers.add(this);
  }
  observe() {}
  unobserve() {}
  disconnect() {
    observers.delete(this);
  }
}

const browserResizeObserver = globalThis.ResizeObserver;
beforeEach(() => {
  globalThis.ResizeObserver = FakeResizeObserver as unknown as typeof ResizeObserver;
});
afterEach(async () => {
  globalThis.ResizeObserver = browserResizeObserver;
  observers.clear();
  await act(() => applyLanguage("en"));
});

/** Reports the charts' boxes as `width` x `height` px and waits for the frame visx draws in. */
async function measure(width: number, height: number) {
  await act(async () => {
    for (const observer of observers)
      observer.callback([{ contentRect: { width, height, top: 0, left: 0 } }], observer);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

/** A day's 24 hours, money in the hours given (euros). */
function hours(stakes: Record<number, number>): TrendPoint[] {
  return Array.from({ length: 24 }, (_, h) => {
    const label = `${String(h).padStart(2, "0")}:00`;
    const s = stakes[h] ?? 0;
    return {
      label,
      start: `2026-11-27T${label}:00Z`,
      bets: s > 0 ? 1 : 0,
      stakes: s,
      payouts: s / 2,
      profit: s / 2,
    };
  });
}

/**
 * Past the charts' debounce: a second measure within 100 ms of the first is drawn when those
 * 100 ms are up (a timer set before this one's, so it fires first however slow the machine).
 */
const afterDebounce = () => act(() => new Promise((resolve) => setTimeout(resolve, 150)));

const texts = (elements: Iterable<Element>) => [...elements].map((e) => e.textContent);

describe("the hourly stakes chart", () => {
  test("draws nothing until measured, then a bar for each hour with stakes", async () => {
    const { container } = render(<StakesChart points={hours({ 9: 20, 14: 45.5 })} />);
    expect(container.querySelector("svg.chart-plot")).toBeNull();
    await measure(600, 240);
    const bars = container.querySelectorAll(".chart-bar");
    expect(bars).toHaveLength(2);
    // 45.50 is the taller bar; both stand on the same zero line.
    const [nine, two] = [...bars].map((b) => ({
      height: Number(b.getAttribute("height")),
      bottom: Number(b.getAttribute("y")) + Number(b.getAttribute("height")),
    }));
    expect(two?.height).toBeGreaterThan(nine?.height ?? 0);
    expect(two?.bottom).toBeCloseTo(nine?.bottom ?? 0, 6);
    // Whole euros on the money axis, from €0 up.
    const money = texts(container.querySelectorAll(".chart-axis-y .chart-tick-label"));
    expect(money[0]).toBe("€0");
    expect(money.every((m) => /^€\d+$/.test(m ?? ""))).toBe(true);
    // No legend for a single series.
    expect(container.querySelector(".chart-legend-item")).toBeNull();
  });

  test("labels every how-many-th hour fits the width, from midnight", async () => {
    const { container } = render(<StakesChart points={hours({ 9: 20 })} />);
    const labels = () => texts(container.querySelectorAll(".chart-axis-x .chart-tick-label"));
    await measure(1200, 240);
    const wide = labels();
    await measure(390, 240);
    await afterDebounce();
    const narrow = labels();
    for (const shown of [wide, narrow]) {
      expect(shown[0]).toBe("00:00");
      const step = Number(shown[1]?.slice(0, 2));
      expect(shown).toEqual(shown.map((_, i) => `${String(i * step).padStart(2, "0")}:00`));
    }
    expect(narrow.length).toBeLessThan(wide.length);
    expect(narrow.length).toBeGreaterThanOrEqual(3);
  });

  test("a box measured at nothing (a full-page screenshot's layout) leaves it drawn", async () => {
    const { container } = render(<StakesChart points={hours({ 9: 20 })} />);
    await measure(600, 240);
    await measure(0, 0);
    await afterDebounce();
    expect(container.querySelectorAll(".chart-bar")).toHaveLength(1);
  });
});

describe("the trend chart", () => {
  test("stakes and payouts side by side, profit as a line, a legend in the language showing", async () => {
    await act(() => applyLanguage("de"));
    const { container } = render(<TrendChart points={hours({ 9: 20, 14: 45.5 })} />);
    await measure(800, 240);
    const series = [...container.querySelectorAll(".chart-bar")].map((b) =>
      b.getAttribute("data-series"),
    );
    expect(series).toEqual(["stakes", "payouts", "stakes", "payouts"]);
    expect(container.querySelectorAll(".chart-line")).toHaveLength(1);
    expect(texts(container.querySelectorAll(".chart-legend-item"))).toEqual([
      "Einsätze",
      "Auszahlungen",
      "Gewinn",
    ]);
  });

  test("the pointer over an hour shows its figures", async () => {
    const { container } = render(<TrendChart points={hours({ 9: 20, 14: 45.5 })} />);
    await measure(800, 240);
    const plot = container.querySelector("svg.chart-plot rect[fill='transparent']");
    if (!plot) throw new Error("no pointer layer");
    // happy-dom puts the layer at 0,0: the 15th of 24 bands (14:00) across its width.
    const width = Number(plot.getAttribute("width"));
    fireEvent.pointerMove(plot, { clientX: (width / 24) * 14.5, clientY: 50 });
    const tip = await screen.findByText("14:00", { selector: ".visx-tooltip p" });
    expect(tip.parentElement?.textContent).toBe("14:00Stakes: €45.50Payouts: €22.75Profit: €22.75");
    // The edges of the plot belong to the first and the last hour.
    fireEvent.pointerMove(plot, { clientX: 0, clientY: 50 });
    expect(await screen.findByText("00:00", { selector: ".visx-tooltip p" })).toBeTruthy();
    fireEvent.pointerMove(plot, { clientX: width, clientY: 50 });
    expect(await screen.findByText("23:00", { selector: ".visx-tooltip p" })).toBeTruthy();
    fireEvent.pointerLeave(plot);
    expect(screen.queryByText("23:00", { selector: ".visx-tooltip p" })).toBeNull();
  });
});

describe("the outcome ring", () => {
  const slices: OutcomeSlice[] = [
    { key: "won", name: "Won", bets: 3, amountLabel: null, amount: null, color: "green" },
    { key: "placed", name: "Placed", bets: 0, amountLabel: null, amount: null, color: "teal" },
    { key: "lost", name: "Lost", bets: 5, amountLabel: null, amount: null, color: "red" },
  ];

  test("a slice and a legend entry for each outcome with bets, its count on the pointer", async () => {
    const { container } = render(<OutcomeChart slices={slices} />);
    await measure(300, 240);
    const drawn = [...container.querySelectorAll(".chart-slice")];
    expect(drawn.map((s) => s.getAttribute("data-outcome"))).toEqual(["won", "lost"]);
    expect(texts(container.querySelectorAll(".chart-legend-item"))).toEqual(["Won", "Lost"]);
    fireEvent.pointerMove(drawn[1] as Element, { clientX: 40, clientY: 120 });
    const tip = await screen.findByText("5 bets");
    expect(tip.parentElement?.textContent).toBe("Lost5 bets");
  });

  test("its count on the pointer as the locale writes it, one bet singular", async () => {
    const many: OutcomeSlice[] = [
      { key: "won", name: "Won", bets: 1, amountLabel: null, amount: null, color: "green" },
      { key: "lost", name: "Lost", bets: 3014, amountLabel: null, amount: null, color: "red" },
    ];
    const { container } = render(<OutcomeChart slices={many} />);
    await measure(300, 240);
    const [won, lost] = [...container.querySelectorAll(".chart-slice")];
    fireEvent.pointerMove(won as Element, { clientX: 40, clientY: 120 });
    expect(await screen.findByText("1 bet")).toBeTruthy();
    fireEvent.pointerMove(lost as Element, { clientX: 40, clientY: 120 });
    expect(await screen.findByText("3,014 bets")).toBeTruthy();
  });
});
