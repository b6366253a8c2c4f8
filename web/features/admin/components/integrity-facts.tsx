import { formatDateTime } from "../../../lib/format";
import { type IntegrityStatus, useIntegrity } from "../api/get-integrity";

type Check = NonNullable<IntegrityStatus["full"]>;

/** "2.9 s" or "840 ms": how long a check took. */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

/** One check: when it finished, OK or Failed, and how long it took. */
function CheckResult({ check }: { check: Check }) {
  return (
    <>
      {formatDateTime(check.finishedAt)}
      <span className={`badge badge-sm ${check.ok ? "badge-success" : "badge-error"}`}>
        {check.ok ? "OK" : "Failed"}
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
  const waiting = isPending ? "..." : isError ? "Unknown" : null;
  return (
    <>
      <div className="flex justify-between gap-3 py-1">
        <dt>Start-up Check</dt>
        <dd className="flex items-center gap-2 text-right">
          {waiting ?? (data?.quick ? <CheckResult check={data.quick} /> : "Not recorded")}
        </dd>
      </div>
      <div className="flex justify-between gap-3 py-1">
        <dt>Full Integrity Check</dt>
        <dd className="flex items-center gap-2 text-right">
          {waiting ??
            (data?.full ? (
              <CheckResult check={data.full} />
            ) : (
              "Not run yet (daily, in the background)"
            ))}
        </dd>
      </div>
      {data?.full && !data.full.ok ? (
        <div className="flex justify-between gap-3 py-1">
          <dt>Integrity Findings</dt>
          <dd className="min-w-0 break-words text-right text-error">{data.full.detail}</dd>
        </div>
      ) : null}
    </>
  );
}
