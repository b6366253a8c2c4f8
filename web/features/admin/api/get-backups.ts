import { queryOptions, useQuery } from "@tanstack/react-query";
import { callPage } from "../../../lib/api-client";

export type { BackupDto as Backup } from "../../../../src/domain/dto";

/** The newest backup the server took (scheduled or before a delete-all), or null. */
export const latestBackupQuery = queryOptions({
  queryKey: ["/api/admin/backups", { limit: 1 }],
  queryFn: async ({ signal }) =>
    (await callPage("listBackups", { limit: 1 }, signal)).items[0] ?? null,
  refetchInterval: 60_000,
});

export const useLatestBackup = () => useQuery(latestBackupQuery);
