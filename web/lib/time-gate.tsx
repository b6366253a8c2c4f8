/**
 * The signed-in shell's wait for the business time zone (decision 063): apart from
 * ./time.ts, whose formatters read no settings (the API client's error texts use them).
 */
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue, useEffect, useState } from "react";
import { endOfLocalDate } from "../../src/domain/business-time";
import { settingsQuery } from "./settings";
import { businessTimeZone, businessToday, setBusinessTimeZone } from "./time";

/**
 * Holds the signed-in screens until GET /api/settings has said the business zone, so no
 * time is first drawn in UTC (an unreachable or older server: UTC).
 */
export function BusinessTimeZoneGate({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: ReactNode;
}) {
  const settings = useQuery(settingsQuery);
  // Only the first answer is waited for: a screen that reads the settings again after an
  // error answer refetches them, and holding it then would unmount it, again and again.
  const answered = !(settings.isPending && !settings.isFetched);
  // The first answer draws the signed-in shell in a background render (a deferred value),
  // which React cuts into slices of a few ms: drawn at once, it was the start's longest task
  // on a phone (docs/performance.md). Settings already known draw at once. `answeredOnce`
  // never goes back, so the deferred value changes once, and a sign-out clearing the
  // settings shows the fallback at once, with no render left to catch up.
  const [answeredOnce, setAnsweredOnce] = useState(answered);
  if (answered && !answeredOnce) setAnsweredOnce(true);
  const drawn = useDeferredValue(answeredOnce);
  if (!answered || !drawn) return fallback;
  setBusinessTimeZone(settings.data?.businessTimeZone);
  return children;
}

/** The longest wait before "today" is read again (a sleeping laptop's timers run late). */
const TODAY_RECHECK_MS = 60 * 60 * 1000;

/**
 * Today in the business time zone (YYYY-MM-DD), drawn again when the shop's day changes: a
 * dashboard left open past midnight moves to the new day (decision 062), read again at the
 * zone's next midnight, at least hourly, and when the tab is shown again.
 */
export function useBusinessToday(): string {
  const [today, setToday] = useState(() => businessToday());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const current = businessToday();
      setToday(current);
      const end = endOfLocalDate(current, businessTimeZone()) ?? Date.now();
      // A little after the midnight, so the day read then is the new one.
      timer = setTimeout(check, Math.min(Math.max(end - Date.now(), 0) + 250, TODAY_RECHECK_MS));
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") check();
    };
    check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  return today;
}
