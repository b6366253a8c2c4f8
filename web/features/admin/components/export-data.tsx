import { useEffect, useRef } from "react";
import { Panel } from "../../../components/ui/page-header";
import {
  useFocusFollowsSwap,
  useFocusKeptThroughPending,
} from "../../../components/ui/use-focus-kept-through-pending";
import { i18n, useT } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { useNotify } from "../../../lib/notify";
import { downloadJobFile, isActive, jobDownloadPath, useLatestJob, useStartJob } from "../api/jobs";
import { formatBytes, JobEnded, JobProgress } from "./jobs";
import "../../../i18n/areas/admin";

/**
 * Export All Data as a background job: progress, Cancel, then the file is saved (the SPEC's
 * download and toast) and stays offered as a link while the server keeps it. The focus
 * follows the button pressed as it gives way: to Cancel while the export runs, then to the
 * download link (else to Export All Data again).
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
  // Refused (an export already running elsewhere), Export All Data has the focus again.
  const button = useFocusKeptThroughPending(start.isPending);
  const steps = useFocusFollowsSwap<HTMLDivElement>(running, (part) =>
    running ? null : part.querySelector<HTMLElement>("a[href]"),
  );
  return (
    <Panel title={t("admin.export.title")}>
      <p className="mb-3 text-sm text-base-content/70">{t("admin.export.intro")}</p>
      <div ref={steps} className="flex flex-col">
        {job && running ? (
          <JobProgress job={job} label={t("admin.export.label")} />
        ) : (
          <button
            ref={button}
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
      </div>
    </Panel>
  );
}
