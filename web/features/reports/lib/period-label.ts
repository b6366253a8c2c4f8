/**
 * Periods and buckets named in the language showing (issue 23 item 3): the server's `label`s
 * ("November 2026", "Mon 24 Nov 2026", "24 Nov") are English and stay so for API clients; the
 * web writes its own from the period's `value` and the bucket's `start`, with Intl in the
 * app's locale and the business time zone (web/lib/time.ts).
 */
import { DAY_MS, isoWeekKeys } from "../../../../src/domain/business-time";
import { i18n } from "../../../i18n";
import { appLocale, formatDate, formatter } from "../../../lib/time";
import "../../../i18n/areas/charts";

type Granularity = "hour" | "day" | "month";

/** The app's locale's formatter for `options` in `timeZone` (cached by web/lib/time.ts). */
function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return formatter(appLocale(), timeZone, options);
}

const BUCKET: Record<Granularity, Intl.DateTimeFormatOptions> = {
  // A 24-hour clock in every locale, as the tables' times (decision 063): "14:00".
  hour: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  day: { day: "numeric", month: "short" },
  month: { month: "short", year: "numeric" },
};

/** A series bucket's name from its start (a UTC instant) in the zone: "14:00", "24 Nov", "Nov 2026". */
export function bucketLabel(
  granularity: Granularity,
  start: string,
  timeZone: string,
  { zoneName = false }: { zoneName?: boolean } = {},
): string {
  const date = new Date(start);
  if (Number.isNaN(date.getTime())) return start;
  const options = BUCKET[granularity];
  return format(timeZone, zoneName ? { ...options, timeZoneName: "short" } : options).format(date);
}

/** "2026-11-16" of a local key (midnight UTC of that calendar day). */
const calendarDate = (key: number) => new Date(key).toISOString().slice(0, 10);

/**
 * A report period's name from its type and value: the totals "All time", a year "2026", a
 * month "November 2026", an ISO week its Monday to Sunday ("16 Nov 2026 – 22 Nov 2026"), a
 * day its date. A value it cannot read is shown as it is.
 */
export function periodLabel(type: string, value: string | null): string {
  if (value === null || type === "totals" || type === "all") return i18n.t("charts.allTime");
  if (type === "month") {
    const match = /^(\d{4})-(\d{2})$/.exec(value);
    if (!match) return value;
    const first = Date.UTC(Number(match[1]), Number(match[2]) - 1, 1);
    return format("UTC", { month: "long", year: "numeric" }).format(first);
  }
  if (type === "week") {
    const match = /^(\d{4})-W(\d{2})$/.exec(value);
    if (!match) return value;
    const [monday, next] = isoWeekKeys(Number(match[1]), Number(match[2]));
    return i18n.t("charts.weekRange", {
      from: formatDate(calendarDate(monday)),
      to: formatDate(calendarDate(next - DAY_MS)),
    });
  }
  if (type === "day") return formatDate(value);
  return value;
}
