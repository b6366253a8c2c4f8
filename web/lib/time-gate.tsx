/**
 * The signed-in shell's wait for the business time zone (decision 063): apart from
 * ./time.ts, whose formatters read no settings (the API client's error texts use them).
 */
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue, useState } from "react";
import { settingsQuery } from "./settings";
import { setBusinessTimeZone } from "./time";

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
