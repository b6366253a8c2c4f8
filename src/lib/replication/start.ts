/** REPLICA_URL set: the server's Litestream supervisor (decision 060); unset: null. */
import type { Deps } from "../http";
import { litestreamBinary, parseReplicaUrl } from "./config";
import { Replication } from "./supervisor";

/** The settings replication reads (src/env.ts). */
export interface ReplicationSettings {
  REPLICA_URL?: string | undefined;
  REPLICA_SFTP_KEY_PATH?: string | undefined;
  LITESTREAM_PATH?: string | undefined;
  REPLICA_MAX_LAG_SECONDS: number;
  REPLICA_RETENTION_HOURS: number;
  DATABASE_PATH: string;
}

export function startReplication(
  env: ReplicationSettings,
  deps: Pick<Deps, "db" | "clock">,
): Replication | null {
  if (!env.REPLICA_URL) return null;
  if (env.DATABASE_PATH === ":memory:") {
    throw new Error("REPLICA_URL: an in-memory database cannot be replicated");
  }
  return new Replication({
    db: deps.db,
    dbPath: env.DATABASE_PATH,
    target: parseReplicaUrl(env.REPLICA_URL, env.REPLICA_SFTP_KEY_PATH),
    binary: litestreamBinary(env.LITESTREAM_PATH),
    maxLagSeconds: env.REPLICA_MAX_LAG_SECONDS,
    retentionHours: env.REPLICA_RETENTION_HOURS,
    clock: deps.clock,
  });
}
