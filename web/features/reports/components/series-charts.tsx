/**
 * The charts themselves, drawn with recharts. Only lazy-charts.ts imports this module (a
 * dynamic import), so recharts lands in its own chunk, loaded when a chart first shows,
 * never in the first screen's JavaScript. The charts are pictures for the eye (role="img"
 * with a summary as their name, around them in chart-panel.tsx): recharts' keyboard layer is
 * off, so they add no focus stop; the table toggle is their text alternative. Colours are daisyUI's CSS variables, so the charts
 * follow the light and dark themes; money is the app's euro text.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  useChartWidth,
  XAxis,
  YAxis,
} from "recharts";
import { useT } from "../../../i18n";
import {
  euroText,
  euroWhole,
  labelInterval,
  type OutcomeSlice,
  TREND_LINES,
  type TrendPoint,
} from "../lib/series-data";
import "../../../i18n/areas/charts";

const HEIGHT = 260;
/**
 * Tick text. No `width`: recharts' Text wraps a label to a width it is given (the axis's, by
 * default), measuring each word in the DOM first; a tick label is one short line.
 */
const AXIS = { fontSize: 12, fill: "var(--color-base-content)", width: undefined };
const TOOLTIP_STYLE = {
  backgroundColor: "var(--color-base-100)",
  borderColor: "var(--color-base-300)",
  color: "var(--color-base-content)",
};
const GRID = "var(--color-base-300)";
const MARGIN = { top: 8, right: 8, bottom: 0, left: 8 };
const MONEY_AXIS_WIDTH = 72;
/**
 * Horizontal lines at the money ticks only: with no vertical lines asked for, recharts still
 * computes where they would go, fitting the category labels in the DOM; it is told there are none.
 */
const GRID_LINES = {
  stroke: GRID,
  strokeDasharray: "3 3",
  vertical: false,
  verticalCoordinatesGenerator: () => [],
};

/**
 * Legend labels in the page's text colour (recharts colours them like their series, and a
 * yellow "Payouts" read at 1.44:1): the swatch beside each carries the series colour.
 */
const legendText = (value: unknown) => (
  <span style={{ color: "var(--color-base-content)" }}>{String(value)}</span>
);

/** A money axis tick: "€1,250.00" is long, so whole euros on the axis, cents in tooltips. */
const euroTick = (value: number) => euroWhole(value);
const euroTooltip = (value: unknown) => euroText(Number(value));

let canvas: CanvasRenderingContext2D | null | undefined;

/**
 * A tick label's width in px, measured on a canvas in the page's font (no layout); where the
 * browser has no canvas, an estimate of 0.6em a character.
 */
function textWidth(text: string): number {
  if (canvas === undefined) {
    try {
      canvas = document.createElement("canvas").getContext("2d");
    } catch {
      canvas = null;
    }
    if (canvas) canvas.font = `${AXIS.fontSize}px ${getComputedStyle(document.body).fontFamily}`;
  }
  return canvas ? canvas.measureText(text).width : text.length * AXIS.fontSize * 0.6;
}

/**
 * The category axis (hours, days, months), showing every how-many-th label fits the chart's
 * width (labelInterval). Recharts' own fitting (`minTickGap`) measured every label in the
 * DOM, a forced layout each, for the axis and again for the grid: most of the dashboard's
 * longest task (docs/performance.md). The money axis shows its few ticks as they are.
 */
function CategoryAxis({ points, gap }: { points: TrendPoint[]; gap: number }) {
  const plotWidth = (useChartWidth() ?? 0) - MARGIN.left - MARGIN.right - MONEY_AXIS_WIDTH;
  const interval = labelInterval(
    points.map((p) => textWidth(p.label)),
    plotWidth,
    gap,
  );
  return <XAxis dataKey="label" tick={AXIS} stroke={GRID} interval={interval} />;
}

function MoneyAxis() {
  return (
    <YAxis
      tick={AXIS}
      stroke={GRID}
      tickFormatter={euroTick}
      width={MONEY_AXIS_WIDTH}
      interval={0}
    />
  );
}

/** Stakes and payouts as bars, profit as a line, one bucket per hour, day or month. */
export function TrendChart({ points }: { points: TrendPoint[] }) {
  const [stakes, payouts, profit] = TREND_LINES;
  const t = useT();
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <ComposedChart data={points} margin={MARGIN} accessibilityLayer={false}>
        <CartesianGrid {...GRID_LINES} />
        <CategoryAxis points={points} gap={12} />
        <MoneyAxis />
        <Tooltip formatter={euroTooltip} contentStyle={TOOLTIP_STYLE} />
        <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
        <Bar
          dataKey={stakes.key}
          name={t(stakes.name)}
          fill={stakes.color}
          isAnimationActive={false}
        />
        <Bar
          dataKey={payouts.key}
          name={t(payouts.name)}
          fill={payouts.color}
          isAnimationActive={false}
        />
        <Line
          dataKey={profit.key}
          name={t(profit.name)}
          stroke={profit.color}
          strokeWidth={2}
          dot={false}
          type="monotone"
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** The number of bets per outcome, as a ring. */
export function OutcomeChart({ slices }: { slices: OutcomeSlice[] }) {
  const shown = slices.filter((s) => s.bets > 0);
  const t = useT();
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={shown}
          dataKey="bets"
          nameKey="name"
          innerRadius="50%"
          outerRadius="80%"
          stroke="var(--color-base-100)"
          isAnimationActive={false}
        >
          {shown.map((s) => (
            <Cell key={s.key} fill={s.color} />
          ))}
        </Pie>
        <Tooltip
          formatter={(value) => t("charts.betsTooltip", { bets: String(value) })}
          contentStyle={TOOLTIP_STYLE}
          itemStyle={{ color: "var(--color-base-content)" }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** Stakes per hour (the dashboard's today). */
export function StakesChart({ points }: { points: TrendPoint[] }) {
  const [stakes] = TREND_LINES;
  const t = useT();
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={points} margin={MARGIN} accessibilityLayer={false}>
        <CartesianGrid {...GRID_LINES} />
        <CategoryAxis points={points} gap={8} />
        <MoneyAxis />
        <Tooltip formatter={euroTooltip} contentStyle={TOOLTIP_STYLE} />
        <Bar
          dataKey={stakes.key}
          name={t(stakes.name)}
          fill={stakes.color}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
