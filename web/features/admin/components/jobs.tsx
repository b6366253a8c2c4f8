import { useT } from "../../../i18n";
import { formatDateTime, formatNumber, formatPercent } from "../../../lib/format";
import { displayLocale } from "../../../lib/locale";
import { type Job, useCancelJob } from "../api/jobs";
import { jobStepText } from "./job-step";
import "../../../i18n/areas/jobs";

/** "1.4 MB" (de: "1,4 MB"), in the user's locale. */
export function formatBytes(bytes: number, locale = displayLocale()): string {
  if (bytes < 1024) return `${formatNumber(bytes, locale)} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const tenths = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  return `${new Intl.NumberFormat(locale, tenths).format(value)} ${units[unit]}`;
}

/**
 * A running job: a progress bar with its percentage and what it is doing in the reader's
 * language (announced politely), and a Cancel button named after the job.
 */
export function JobProgress({ job, label }: { job: Job; label: string }) {
  const cancel = useCancelJob();
  const t = useT();
  const percent = Math.round(job.progress * 100);
  return (
    <div className="flex flex-col gap-2">
      <progress
        className="progress progress-primary w-full"
        value={job.state === "queued" ? undefined : percent}
        max={100}
        aria-label={t("jobs.progressLabel", { label })}
      />
      <p className="text-sm text-base-content/70" aria-live="polite">
        {job.state === "queued"
          ? t("jobs.waiting")
          : t("jobs.progress", {
              percent: formatPercent(percent, 0),
              phrase: jobStepText(job, t, displayLocale()),
            })}
      </p>
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(job.id)}
        aria-label={t(`jobs.cancelLabel.${job.kind}`)}
      >
        {t("jobs.cancel")}
      </button>
    </div>
  );
}

/** How a finished job ended, when not done: cancelled or failed (with why). */
export function JobEnded({ job }: { job: Job }) {
  const t = useT();
  if (job.state === "cancelled") {
    return (
      <p role="status" className="text-sm">
        {t("jobs.cancelled", { time: formatDateTime(job.finishedAt) })}
      </p>
    );
  }
  if (job.state === "failed") {
    return (
      <div role="alert" className="alert alert-error text-sm">
        {t("jobs.failed", { error: job.error ?? t("jobs.unknownError") })}
      </div>
    );
  }
  return null;
}
