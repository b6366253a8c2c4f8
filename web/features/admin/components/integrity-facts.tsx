import { useT } from "../../../i18n";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { displayLocale } from "../../../lib/locale";
import { type IntegrityStatus, useIntegrity } from "../api/get-integrity";
import "../../../i18n/areas/admin";

type Check = NonNullable<IntegrityStatus["full"]>;

/**
 * A result's cell (time, badge, duration): it wraps, right-aligned, where the panel is
 * narrow (a German /admin at 1024 px ran 1 px past the page), and never pushes the row wider.
 */
export const RESULT_CELL =
  "flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1 text-right";

/** "2.9 s" or "840 ms" (de: "2,9 s"): how long a check took, in the user's locale. */
export function formatDuration(ms: number, locale = displayLocale()): string {
  if (ms < 1000) return `${formatNumber(ms, locale)} ms`;
  const tenths = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  return `${new Intl.NumberFormat(locale, tenths).format(ms / 1000)} s`;
}

/** One check: when it finished, OK or Failed, and how long it took. */
function CheckResult({ check }: { check: Check }) {
  const t = useT();
  return (
    <>
      {formatDateTime(check.finishedAt)}
      <span className={`badge badge-sm ${check.ok ? "badge-success" : "badge-error"}`}>
        {check.ok ? t("admin.info.ok") : t("admin.info.failed")}
      </span>
      <span className="opacity-70">{formatDuration(check.durationMs)}</span>
    </>
  );
}

/**
 * Rows of the System Information list (issue 11): the quick_check the server ran before
 * serving, and the full integrity_check it runs once a day in the background, with what
 * SQLite found when that failed.
 */
export function IntegrityFacts() {
  const { data, isPending, isError } = useIntegrity();
  const t = useT();
  const waiting = isPending ? "..." : isError ? t("admin.info.unknown") : null;
  return (
    <>
      <div className="flex justify-between gap-3 py-1">
        <dt>{t("admin.info.startupCheck")}</dt>
        <dd className={RESULT_CELL}>
          {waiting ??
            (data?.quick ? <CheckResult check={data.quick} /> : t("admin.info.notRecorded"))}
        </dd>
      </div>
      <div className="flex justify-between gap-3 py-1">
        <dt>{t("admin.info.fullCheck")}</dt>
        <dd className={RESULT_CELL}>
          {waiting ??
            (data?.full ? (
              <>
                <CheckResult check={data.full} />
                {/* The last one stays shown; no other follows it. */}
                {data.everyHours === 0 && (
                  <span className="block text-xs text-base-content/70">
                    {t("admin.info.fullCheckOff")}
                  </span>
                )}
              </>
            ) : (
              notRun(t, data?.everyHours)
            ))}
        </dd>
      </div>
      {data?.full && !data.full.ok ? (
        <div className="flex justify-between gap-3 py-1">
          <dt>{t("admin.info.findings")}</dt>
          <dd className="min-w-0 break-words text-right text-error">{data.full.detail}</dd>
        </div>
      ) : null}
    </>
  );
}

/** No full check recorded: when one comes (INTEGRITY_CHECK_HOURS), or that none will. */
function notRun(t: ReturnType<typeof useT>, everyHours: number | undefined): string {
  // An older server says nothing of it: its checks were daily.
  if (everyHours === undefined || everyHours === 24) return t("admin.info.notRunYet");
  if (everyHours === 0) return t("admin.info.fullCheckOff");
  // Counted for the plural, written as the reader's locale writes a number ("0,5").
  return t("admin.info.notRunYetEvery", { count: everyHours, hours: formatNumber(everyHours) });
}
