import { useEffect, useRef } from "react";
import { Panel } from "../../../components/ui/page-header";
import { formatDateTime } from "../../../lib/format";
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

/** "1.4 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * A running job: a progress bar with its percentage and what it is doing (announced
 * politely), and a Cancel button named after the job.
 */
export function JobProgress({ job, label }: { job: Job; label: string }) {
  const cancel = useCancelJob();
  const percent = Math.round(job.progress * 100);
  return (
    <div className="flex flex-col gap-2">
      <progress
        className="progress progress-primary w-full"
        value={job.state === "queued" ? undefined : percent}
        max={100}
        aria-label={`${label} progress`}
      />
      <p className="text-sm text-base-content/70" aria-live="polite">
        {job.state === "queued" ? "Waiting for a free slot" : `${percent}% · ${job.phrase}`}
      </p>
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate(job.id)}
        aria-label={`Cancel the ${label.toLowerCase()}`}
      >
        Cancel
      </button>
    </div>
  );
}

/** How a finished job ended, when not done: cancelled or failed (with why). */
export function JobEnded({ job }: { job: Job }) {
  if (job.state === "cancelled") {
    return (
      <p role="status" className="text-sm">
        Cancelled {formatDateTime(job.finishedAt)}.
      </p>
    );
  }
  if (job.state === "failed") {
    return (
      <div role="alert" className="alert alert-error text-sm">
        Failed: {job.error ?? "unknown error"}
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
  const running = isActive(job);
  // Only the export started from this panel downloads by itself when it is done.
  const startedHere = useRef<string | null>(null);
  useEffect(() => {
    if (!job || job.id !== startedHere.current || isActive(job)) return;
    startedHere.current = null;
    if (job.state === "done" && job.download) {
      downloadJobFile(job);
      notify.success("Data export downloaded successfully");
    } else if (job.state === "failed") {
      notify.error(new Error(job.error ?? "The export failed"));
    }
  }, [job, notify]);
  return (
    <Panel title="Export All Data">
      <p className="mb-3 text-sm text-base-content/70">
        Downloads every table (without passwords or sessions) as one JSON file.
      </p>
      {job && running ? (
        <JobProgress job={job} label="Export" />
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
          {start.isPending ? "Exporting..." : "Export All Data"}
        </button>
      )}
      {job && !running && (
        <div className="mt-3 text-sm">
          {job.state === "done" && job.download ? (
            <a className="link link-primary" href={jobDownloadPath(job.id)} download>
              Download {job.download.fileName} ({formatBytes(job.download.sizeBytes)})
            </a>
          ) : job.state === "done" ? (
            <p>The last export ({formatDateTime(job.finishedAt)}) is no longer kept.</p>
          ) : (
            <JobEnded job={job} />
          )}
        </div>
      )}
    </Panel>
  );
}
