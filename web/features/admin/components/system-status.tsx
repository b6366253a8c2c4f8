import { useQuery } from "@tanstack/react-query";
import { Panel } from "../../../components/ui/page-header";
import { formatDateTime } from "../../../lib/format";
import { settingsQuery } from "../../../lib/settings";
import { type Backup, useLatestBackup } from "../api/get-backups";
import { useHealth } from "../api/get-health";
import { IntegrityFacts } from "./integrity-facts";

const SYSTEM_STATUS: Record<string, { text: string; className: string }> = {
  operational: { text: "Operational", className: "badge-success" },
  degraded: { text: "Degraded", className: "badge-warning" },
  down: { text: "Down", className: "badge-error" },
};

const DATABASE_STATUS: Record<string, { text: string; className: string }> = {
  connected: { text: "Connected", className: "badge-success" },
  disconnected: { text: "Disconnected", className: "badge-warning" },
  error: { text: "Error", className: "badge-error" },
};

const UNKNOWN = { text: "Unknown", className: "badge-ghost" };

/** Uptime in seconds shown as hours and minutes. */
export function formatUptime(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${hours}h ${minutes}m`;
}

export function SystemStatusCards() {
  const { data, isLoading } = useHealth();
  const system = SYSTEM_STATUS[data?.systemStatus ?? ""] ?? UNKNOWN;
  const database = DATABASE_STATUS[data?.databaseStatus ?? ""] ?? UNKNOWN;
  const cards = [
    {
      title: "System Status",
      value: <span className={`badge ${system.className}`}>{system.text}</span>,
      note: data ? `Last check: ${formatDateTime(data.lastCheck)}` : "",
    },
    {
      title: "Database",
      value: <span className={`badge ${database.className}`}>{database.text}</span>,
      note: data ? `Latency: ${data.databaseLatency} ms` : "",
    },
    { title: "Active Sessions", value: String(data?.activeSessions ?? 0), note: "Signed-in users" },
    { title: "Uptime", value: formatUptime(data?.uptime ?? 0), note: "Since last restart" },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={isLoading}>
      {cards.map((card) => (
        <section
          key={card.title}
          aria-label={card.title}
          className="stat rounded-box bg-base-100 shadow-sm"
        >
          <div className="stat-title">{card.title}</div>
          <div className="stat-value text-xl">{isLoading ? "..." : card.value}</div>
          <div className="stat-desc">{card.note}</div>
        </section>
      ))}
    </div>
  );
}

/** One backup's time and result: "OK" or "Failed", with the file and what the check found. */
function BackupFacts({ backup }: { backup: Backup }) {
  const name = backup.file?.split(/[\\/]/).at(-1) ?? "";
  return (
    <>
      <div className="flex justify-between gap-3 py-1">
        <dt>Last Backup</dt>
        <dd className="flex items-center gap-2 text-right">
          {formatDateTime(backup.createdAt)}
          <span className={`badge badge-sm ${backup.ok ? "badge-success" : "badge-error"}`}>
            {backup.ok ? "OK" : "Failed"}
          </span>
        </dd>
      </div>
      <div className="flex justify-between gap-3 py-1">
        <dt>Backup File</dt>
        <dd className="min-w-0 break-all text-right" title={backup.file ?? undefined}>
          {name}
        </dd>
      </div>
      <div className="flex justify-between gap-3 py-1">
        <dt>Backup Check</dt>
        <dd className={`text-right ${backup.ok ? "" : "text-error"}`}>{backup.detail}</dd>
      </div>
    </>
  );
}

/**
 * SPEC section 9's fixed text, except the backup rows: the newest backup the server took
 * and its check (issue 10), and whether it takes them by itself (BACKUP_DIR).
 */
export function SystemInformation() {
  const latest = useLatestBackup();
  const { data: settings } = useQuery(settingsQuery);
  const hours = settings?.backupIntervalHours;
  return (
    <Panel title="System Information">
      <dl className="text-sm">
        <div className="flex justify-between py-1">
          <dt>Version</dt>
          <dd>1.0.0</dd>
        </div>
        <div className="flex justify-between py-1">
          <dt>Environment</dt>
          <dd>Production</dd>
        </div>
        {latest.data ? (
          <BackupFacts backup={latest.data} />
        ) : (
          <div className="flex justify-between gap-3 py-1">
            <dt>Last Backup</dt>
            <dd className="text-right">
              {latest.isPending ? "..." : latest.isError ? "Unknown" : "No backup taken yet"}
            </dd>
          </div>
        )}
        <IntegrityFacts />
        <div className="flex justify-between gap-3 py-1">
          <dt>Automatic Backups</dt>
          <dd className="text-right">
            {settings === undefined
              ? "..."
              : hours
                ? `Every ${hours} h`
                : "Off (BACKUP_DIR not set)"}
          </dd>
        </div>
        <div className="flex justify-between py-1">
          <dt>Uptime</dt>
          <dd>99.9%</dd>
        </div>
      </dl>
    </Panel>
  );
}

export function SecurityNotice() {
  return (
    <div role="note" className="alert alert-warning">
      <div>
        <h2 className="font-semibold">Security Notice</h2>
        <p className="text-sm">
          Every administrative action is recorded in the audit log with the acting user and time.
          Balance recalculations, reversals, role changes and data deletion cannot be hidden.
        </p>
      </div>
    </div>
  );
}
