import { useEffect, useRef } from "react";
import { Panel } from "../../../components/ui/page-header";
import { i18n, useT } from "../../../i18n";
import { formatDateTime, formatNumber, formatPercent } from "../../../lib/format";
import { displayLocale } from "../../../lib/locale";
import { useNotify } from "../../../lib/notify";
import {
  downloadJobFile,
  isActive,
  type Job,
  jobDownloadPath,
  useCancelJob,
  useLatestJob,
  useStartJob,
} from "../api/jobs";
import "../../../i18n/areas/admin";

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
 * A running job: a progress bar with its percentage and what it is doing (announced
 * politely), and a Cancel button named after the job.
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
        aria-label={t("admin.jobs.progressLabel", { label })}
      />
      <p className="text-sm text-base-content/70" aria-live="polite">
        {job.state === "queued"
          ? t("admin.jobs.waiting")
          : t("admin.jobs.progress", { percent: formatPercent(percent, 0), phrase: job.phrase })}
      </p>
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(job.id)}
        aria-label={t(`admin.jobs.cancelLabel.${job.kind}`)}
      >
        {t("admin.jobs.cancel")}
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
        {t("admin.jobs.cancelled", { time: formatDateTime(job.finishedAt) })}
      </p>
    );
  }
  if (job.state === "failed") {
    return (
      <div role="alert" className="alert alert-error text-sm">
        {t("admin.jobs.failed", { error: job.error ?? t("admin.jobs.unknownError") })}
      </div>
    );
  }
  return null;
}

/**
 * Export All Data as a background job: progress, Cancel, then the file is saved (the SPEC's
 * download and toast) and stays offered as a link while the server keeps it.
 */
export function ExportDataPanel() {
  const job = useLatestJob("export");
  const start = useStartJob("export");
  const notify = useNotify();
  const t = useT();
  const running = isActive(job);
  // Only the export started from this panel downloads by itself when it is done.
  const startedHere = useRef<string | null>(null);
  useEffect(() => {
    if (!job || job.id !== startedHere.current || isActive(job)) return;
    startedHere.current = null;
    if (job.state === "done" && job.download) {
      downloadJobFile(job);
      notify.success(i18n.t("admin.export.downloaded"));
    } else if (job.state === "failed") {
      notify.error(new Error(job.error ?? i18n.t("admin.export.failed")));
    }
  }, [job, notify]);
  return (
    <Panel title={t("admin.export.title")}>
      <p className="mb-3 text-sm text-base-content/70">{t("admin.export.intro")}</p>
      {job && running ? (
        <JobProgress job={job} label={t("admin.export.label")} />
      ) : (
        <button
          type="button"
          className="btn btn-outline self-start"
          disabled={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: (started) => {
                startedHere.current = started.id;
              },
            })
          }
        >
          {start.isPending ? t("admin.export.exporting") : t("admin.export.title")}
        </button>
      )}
      {job && !running && (
        <div className="mt-3 text-sm">
          {job.state === "done" && job.download ? (
            <a className="link link-primary" href={jobDownloadPath(job.id)} download>
              {t("admin.export.download", {
                file: job.download.fileName,
                size: formatBytes(job.download.sizeBytes),
              })}
            </a>
          ) : job.state === "done" ? (
            <p>{t("admin.export.notKept", { time: formatDateTime(job.finishedAt) })}</p>
          ) : (
            <JobEnded job={job} />
          )}
        </div>
      )}
    </Panel>
  );
}
