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
  XAxis,
  YAxis,
} from "recharts";
import { useT } from "../../../i18n";
import {
  euroText,
  euroWhole,
  type OutcomeSlice,
  TREND_LINES,
  type TrendPoint,
} from "../lib/series-data";
import "../../../i18n/areas/charts";

const HEIGHT = 260;
const AXIS = { fontSize: 12, fill: "var(--color-base-content)" };
const TOOLTIP_STYLE = {
  backgroundColor: "var(--color-base-100)",
  borderColor: "var(--color-base-300)",
  color: "var(--color-base-content)",
};
const GRID = "var(--color-base-300)";
const MARGIN = { top: 8, right: 8, bottom: 0, left: 8 };

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

/** Stakes and payouts as bars, profit as a line, one bucket per hour, day or month. */
export function TrendChart({ points }: { points: TrendPoint[] }) {
  const [stakes, payouts, profit] = TREND_LINES;
  const t = useT();
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <ComposedChart data={points} margin={MARGIN} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} stroke={GRID} minTickGap={12} />
        <YAxis tick={AXIS} stroke={GRID} tickFormatter={euroTick} width={72} />
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
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} stroke={GRID} minTickGap={8} />
        <YAxis tick={AXIS} stroke={GRID} tickFormatter={euroTick} width={72} />
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
