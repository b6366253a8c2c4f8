/**
 * The charts themselves, drawn with visx (d3's scales and shapes as React SVG, nothing
 * measured in the DOM). Only lazy-charts.ts imports this module (a dynamic import), so the
 * chart code lands in its own chunk, loaded when a chart first shows, never in the first
 * screen's JavaScript. The charts are pictures for the eye (role="img" with a summary as
 * their name, around them in chart-panel.tsx): no focus stop of their own, the table toggle
 * is their text alternative; the tooltip follows the pointer. Colours are daisyUI's CSS
 * variables, so the charts follow the light and dark themes; money is the app's euro text.
 *
 * Recharts drew them until decision 069: its first drawing of the dashboard's hourly chart
 * (its store's cascade of renders in one commit, a forced style recalculation) was the
 * dashboard's longest task on a phone, and its chunk 104 KB of brotli (docs/performance.md).
 */
import { AxisBottom, AxisLeft, type TickRendererProps } from "@visx/axis";
import { curveMonotoneX } from "@visx/curve";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { useParentSize } from "@visx/responsive";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath, Pie } from "@visx/shape";
import { TooltipWithBounds, useTooltip } from "@visx/tooltip";
import type { PointerEvent, ReactNode } from "react";
import { useT } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import {
  euroText,
  euroWhole,
  labelInterval,
  labelWidth,
  type OutcomeSlice,
  TREND_LINES,
  type TrendPoint,
} from "../lib/series-data";
import "../../../i18n/areas/charts";

const FONT_SIZE = 12;
const TEXT = "var(--color-base-content)";
const GRID = "var(--color-base-300)";
const MONEY_AXIS_WIDTH = 72;
/** Room around the plot: the money axis on the left, the hour / day / month labels below. */
const MARGIN = { top: 8, right: 8, bottom: 24, left: MONEY_AXIS_WIDTH + 8 };

type Series = (typeof TREND_LINES)[number];

/**
 * The browser's ResizeObserver, minus the boxes it measures at nothing: a full-page
 * screenshot (and a print's layout) passes through one, and a chart sized from it drew
 * nothing until the next measure.
 */
class DrawnSizeObserver {
  readonly #observer: ResizeObserver;

  constructor(callback: (entries: ResizeObserverEntry[], observer: ResizeObserver) => void) {
    this.#observer = new ResizeObserver((entries, observer) => {
      const sized = entries.filter((e) => e.contentRect.width > 0 && e.contentRect.height > 0);
      if (sized.length > 0) callback(sized, observer);
    });
  }

  observe(target: Element) {
    this.#observer.observe(target);
  }

  unobserve(target: Element) {
    this.#observer.unobserve(target);
  }

  disconnect() {
    this.#observer.disconnect();
  }
}

/** The chart's box: its width and height once measured (0 before). */
const useChartBox = () =>
  useParentSize({ debounceTime: 100, resizeObserverPolyfill: DrawnSizeObserver });

/** A tick's label as plain SVG text: visx's own Text measures every word to wrap it. */
function tickLabel({ formattedValue, x, y, textAnchor, dx, dy }: TickRendererProps) {
  return (
    <text
      className="chart-tick-label"
      x={x}
      y={y}
      dx={dx}
      dy={dy}
      textAnchor={textAnchor}
      fontSize={FONT_SIZE}
      fill={TEXT}
    >
      {formattedValue}
    </text>
  );
}

/** The series' names and colours under a chart (the page's text colour: a yellow "Payouts" read at 1.44:1). */
function Legend({ items }: { items: { key: string; name: string; color: string }[] }) {
  return (
    <ul className="mt-1 flex flex-wrap justify-center gap-x-4 text-xs">
      {items.map((item) => (
        <li key={item.key} className="chart-legend-item flex items-center gap-1">
          <svg width="10" height="10" aria-hidden="true">
            <rect className="chart-swatch" width="10" height="10" fill={item.color} />
          </svg>
          <span style={{ color: TEXT }}>{item.name}</span>
        </li>
      ))}
    </ul>
  );
}

/** The tooltip's box, in the theme's colours. */
function ChartTooltip({
  left,
  top,
  children,
}: {
  left?: number;
  top?: number;
  children: ReactNode;
}) {
  return (
    <TooltipWithBounds
      left={left}
      top={top}
      unstyled
      applyPositionStyle
      className="pointer-events-none z-10 rounded-box border border-base-300 bg-base-100 px-3 py-2 text-xs text-base-content shadow"
    >
      {children}
    </TooltipWithBounds>
  );
}

/**
 * Where the pointer is in `element` (px from its top left): by default the element it moved
 * over; the ring's slices measure from their SVG, where the tooltip is placed.
 */
function pointerIn(
  event: PointerEvent<Element>,
  element: Element = event.currentTarget,
): { x: number; y: number } {
  const box = element.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}

/**
 * Money per hour, day or month: `bars` side by side in each bucket, `line` across them. The
 * category labels show every how-many-th that fits the width (labelInterval), from the first.
 */
function BucketChart({
  points,
  bars,
  line,
  gap,
  legend,
}: {
  points: TrendPoint[];
  bars: readonly Series[];
  line?: Series;
  gap: number;
  legend?: boolean;
}) {
  const t = useT();
  const { parentRef, width, height } = useChartBox();
  const tooltip = useTooltip<TrendPoint>();
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  const drawn = [...bars, ...(line ? [line] : [])];
  const values = points.flatMap((p) => drawn.map((s) => p[s.key]));
  const x = scaleBand({ domain: points.map((p) => p.start), range: [0, plotWidth], padding: 0.2 });
  const inner = scaleBand({ domain: bars.map((b) => b.key), range: [0, x.bandwidth()] });
  const y = scaleLinear({
    domain: [Math.min(0, ...values), Math.max(0, ...values)],
    range: [plotHeight, 0],
    nice: true,
  });
  const labels = new Map(points.map((p) => [p.start, p.label]));
  const step =
    labelInterval(
      points.map((p) => labelWidth(p.label, FONT_SIZE)),
      plotWidth,
      gap,
    ) + 1;
  const shownTicks = points.filter((_, i) => i % step === 0).map((p) => p.start);
  const center = (p: TrendPoint) => (x(p.start) ?? 0) + x.bandwidth() / 2;

  const tip = tooltip.tooltipOpen ? tooltip.tooltipData : undefined;
  const follow = (event: PointerEvent<SVGRectElement>) => {
    const at = pointerIn(event);
    const first = points[0];
    if (!first) return;
    // The bucket whose centre is nearest the pointer.
    const index = Math.round((at.x - center(first)) / x.step());
    const point = points[Math.max(0, Math.min(points.length - 1, index))] ?? first;
    tooltip.showTooltip({
      tooltipData: point,
      tooltipLeft: MARGIN.left + center(point),
      tooltipTop: MARGIN.top + at.y,
    });
  };

  return (
    <div className="flex h-full flex-col">
      <div ref={parentRef} className="relative min-h-0 flex-1">
        {width > 0 && height > 0 && (
          <svg className="chart-plot" width={width} height={height} aria-hidden="true">
            <Group left={MARGIN.left} top={MARGIN.top}>
              <GridRows
                scale={y}
                width={plotWidth}
                numTicks={5}
                stroke={GRID}
                strokeDasharray="3 3"
              />
              {points.map((p) =>
                bars.map((b) => {
                  const value = p[b.key];
                  // An empty bucket draws nothing (a bar of no height is no mark).
                  if (value === 0) return null;
                  return (
                    <Bar
                      key={`${p.start}-${b.key}`}
                      className="chart-bar"
                      data-series={b.key}
                      x={(x(p.start) ?? 0) + (inner(b.key) ?? 0)}
                      y={y(Math.max(0, value))}
                      width={inner.bandwidth()}
                      height={Math.abs(y(value) - y(0))}
                      fill={b.color}
                    />
                  );
                }),
              )}
              {line && (
                <LinePath
                  className="chart-line"
                  data={points}
                  x={center}
                  y={(p) => y(p[line.key])}
                  curve={curveMonotoneX}
                  stroke={line.color}
                  strokeWidth={2}
                />
              )}
              <AxisLeft
                axisClassName="chart-axis-y"
                scale={y}
                numTicks={5}
                tickFormat={(value) => euroWhole(Number(value))}
                stroke={GRID}
                tickStroke={GRID}
                tickComponent={tickLabel}
                tickLabelProps={{ textAnchor: "end", dx: "-0.25em", dy: "0.33em" }}
              />
              <AxisBottom
                axisClassName="chart-axis-x"
                top={plotHeight}
                scale={x}
                tickValues={shownTicks}
                tickFormat={(start) => labels.get(start) ?? ""}
                stroke={GRID}
                tickStroke={GRID}
                tickComponent={tickLabel}
                tickLabelProps={{ textAnchor: "middle", dy: "0.25em" }}
              />
              <rect
                width={plotWidth}
                height={plotHeight}
                fill="transparent"
                onPointerMove={follow}
                onPointerLeave={tooltip.hideTooltip}
              />
            </Group>
          </svg>
        )}
        {tip && (
          <ChartTooltip left={tooltip.tooltipLeft} top={tooltip.tooltipTop}>
            <p className="font-semibold">{tip.label}</p>
            {drawn.map((s) => (
              <p key={s.key}>
                {t(s.name)}: {euroText(tip[s.key])}
              </p>
            ))}
          </ChartTooltip>
        )}
      </div>
      {legend && (
        <Legend items={drawn.map((s) => ({ key: s.key, name: t(s.name), color: s.color }))} />
      )}
    </div>
  );
}

/** Stakes and payouts as bars, profit as a line, one bucket per hour, day or month. */
export function TrendChart({ points }: { points: TrendPoint[] }) {
  const [stakes, payouts, profit] = TREND_LINES;
  return <BucketChart points={points} bars={[stakes, payouts]} line={profit} gap={12} legend />;
}

/** Stakes per hour (the dashboard's today). */
export function StakesChart({ points }: { points: TrendPoint[] }) {
  const [stakes] = TREND_LINES;
  return <BucketChart points={points} bars={[stakes]} gap={8} />;
}

/** The number of bets per outcome, as a ring. */
export function OutcomeChart({ slices }: { slices: OutcomeSlice[] }) {
  const shown = slices.filter((s) => s.bets > 0);
  const t = useT();
  const { parentRef, width, height } = useChartBox();
  const tooltip = useTooltip<OutcomeSlice>();
  const radius = Math.min(width, height) / 2;
  return (
    <div className="flex h-full flex-col">
      <div ref={parentRef} className="relative min-h-0 flex-1">
        {radius > 0 && (
          <svg className="chart-plot" width={width} height={height} aria-hidden="true">
            <Group left={width / 2} top={height / 2}>
              <Pie
                data={shown}
                pieValue={(s) => s.bets}
                pieSort={null}
                innerRadius={radius * 0.5}
                outerRadius={radius * 0.8}
              >
                {(pie) =>
                  pie.arcs.map((arc) => (
                    <path
                      key={arc.data.key}
                      className="chart-slice"
                      data-outcome={arc.data.key}
                      d={pie.path(arc) ?? ""}
                      fill={arc.data.color}
                      stroke="var(--color-base-100)"
                      onPointerMove={(event) => {
                        const slice = event.currentTarget;
                        const at = pointerIn(event, slice.ownerSVGElement ?? slice);
                        tooltip.showTooltip({
                          tooltipData: arc.data,
                          tooltipLeft: at.x,
                          tooltipTop: at.y,
                        });
                      }}
                      onPointerLeave={tooltip.hideTooltip}
                    />
                  ))
                }
              </Pie>
            </Group>
          </svg>
        )}
        {tooltip.tooltipOpen && tooltip.tooltipData && (
          <ChartTooltip left={tooltip.tooltipLeft} top={tooltip.tooltipTop}>
            <p className="font-semibold">{tooltip.tooltipData.name}</p>
            <p>
              {t("charts.betsTooltip", {
                count: tooltip.tooltipData.bets,
                bets: formatNumber(tooltip.tooltipData.bets),
              })}
            </p>
          </ChartTooltip>
        )}
      </div>
      <Legend items={shown.map((s) => ({ key: s.key, name: s.name, color: s.color }))} />
    </div>
  );
}
