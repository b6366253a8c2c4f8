/**
 * The chart components, loaded on first use: the dynamic import keeps visx and its d3 parts
 * (about 30 KB gzipped) out of the entry and screen chunks (scripts/build-web.ts measures them).
 */
import { lazy } from "react";

const load = () => import("./series-charts");

export const TrendChart = lazy(() => load().then((m) => ({ default: m.TrendChart })));
export const OutcomeChart = lazy(() => load().then((m) => ({ default: m.OutcomeChart })));
export const StakesChart = lazy(() => load().then((m) => ({ default: m.StakesChart })));
