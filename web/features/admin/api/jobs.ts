import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { JobDto } from "../../../../src/domain/dto";
import type { JobKind } from "../../../../src/domain/enums";
import { call, pathOf } from "../../../lib/api-client";
import { useNotify } from "../../../lib/notify";

export type { JobDto as Job } from "../../../../src/domain/dto";

export const isActive = (job: JobDto | null | undefined) =>
  job?.state === "queued" || job?.state === "running";

/**
 * The server's background jobs (books check, export), newest first: polled every second
 * while one is queued or running, and not at all otherwise.
 */
export const jobsQuery = queryOptions({
  queryKey: ["/api/admin/jobs"],
  queryFn: ({ signal }) => call("listJobs", { signal }),
  refetchInterval: (query) => (query.state.data?.some(isActive) ? 1000 : false),
});

/** The newest job of one kind, or null. */
export function useLatestJob(kind: JobKind): JobDto | null {
  const { data } = useQuery(jobsQuery);
  return data?.find((job) => job.kind === kind) ?? null;
}

/** Puts a job's fresh state into the list at once (the poll takes it from there). */
function useRemember() {
  const queryClient = useQueryClient();
  return (job: JobDto) =>
    queryClient.setQueryData(jobsQuery.queryKey, (jobs = []) => [
      job,
      ...jobs.filter((j) => j.id !== job.id),
    ]);
}

/** Starts a background job (a books check, an export). */
export const startJob = (kind: JobKind) => call("startJob", { body: { kind } });

export function useStartJob(kind: JobKind) {
  const notify = useNotify();
  const remember = useRemember();
  return useMutation({
    mutationFn: () => startJob(kind),
    onSuccess: remember,
    onError: (error) => notify.error(error),
  });
}

export function useCancelJob() {
  const notify = useNotify();
  const remember = useRemember();
  return useMutation({
    mutationFn: (id: string) => call("cancelJob", { params: { jobId: id } }),
    onSuccess: remember,
    onError: (error) => notify.error(error),
  });
}

/** Where a finished export's file is downloaded from (a plain link: the browser streams it). */
export const jobDownloadPath = (id: string) => pathOf("downloadJob", { jobId: id });

/** Saves a finished export through a temporary link, as a click on its download link would. */
export function downloadJobFile(job: JobDto): void {
  if (!job.download) return;
  const link = document.createElement("a");
  link.href = jobDownloadPath(job.id);
  link.download = job.download.fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
