import { useQuery } from "@tanstack/react-query";
import { Panel } from "../../../components/ui/page-header";
import { i18n, useT } from "../../../i18n";
import { richText } from "../../../i18n/rich-text";
import { formatDateTime, formatNumber, formatPercent } from "../../../lib/format";
import { settingsQuery } from "../../../lib/settings";
import { type Backup, useLatestBackup } from "../api/get-backups";
import { useHealth } from "../api/get-health";
import { IntegrityFacts, RESULT_CELL } from "./integrity-facts";
import "../../../i18n/areas/admin";

type StatusWord = "operational" | "degraded" | "down" | "connected" | "disconnected" | "error";

const SYSTEM_STATUS: Record<string, { text: StatusWord; className: string }> = {
  operational: { text: "operational", className: "badge-success" },
  degraded: { text: "degraded", className: "badge-warning" },
  down: { text: "down", className: "badge-error" },
};

const DATABASE_STATUS: Record<string, { text: StatusWord; className: string }> = {
  connected: { text: "connected", className: "badge-success" },
  disconnected: { text: "disconnected", className: "badge-warning" },
  error: { text: "error", className: "badge-error" },
};

const UNKNOWN = { text: "unknown", className: "badge-ghost" } as const;

/** Uptime in seconds shown as hours and minutes ("3h 5m"; de: "3 Std. 5 Min."). */
export function formatUptime(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return i18n.t("admin.status.uptimeValue", {
    hours: formatNumber(hours),
    minutes: formatNumber(minutes),
  });
}

export function SystemStatusCards() {
  const { data, isLoading } = useHealth();
  const t = useT();
  const system = SYSTEM_STATUS[data?.systemStatus ?? ""] ?? UNKNOWN;
  const database = DATABASE_STATUS[data?.databaseStatus ?? ""] ?? UNKNOWN;
  const cards = [
    {
      title: t("admin.status.systemStatus"),
      value: (
        <span className={`badge ${system.className}`}>{t(`admin.status.${system.text}`)}</span>
      ),
      // The time kept on one line; the words before it wrap when the card is narrow.
      note: data
        ? richText(t("admin.status.lastCheck"), {
            time: (
              <time dateTime={data.lastCheck} className="whitespace-nowrap">
                {formatDateTime(data.lastCheck)}
              </time>
            ),
          })
        : "",
    },
    {
      title: t("admin.status.database"),
      value: (
        <span className={`badge ${database.className}`}>{t(`admin.status.${database.text}`)}</span>
      ),
      note: data ? t("admin.status.latency", { ms: formatNumber(data.databaseLatency) }) : "",
    },
    {
      title: t("admin.status.activeSessions"),
      value: formatNumber(data?.activeSessions ?? 0),
      // A count of sessions (a user signed in on two devices counts twice), not of users.
      note: t("admin.status.unexpiredSessions"),
    },
    {
      title: t("admin.status.uptime"),
      value: formatUptime(data?.uptime ?? 0),
      note: t("admin.status.sinceRestart"),
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={isLoading}>
      {cards.map((card) => (
        <section
          key={card.title}
          aria-label={card.title}
          className="stat min-w-0 rounded-box bg-base-100 shadow-sm"
        >
          {/* daisyUI's stat keeps each line on one line (nowrap): in a quarter of a 1280 px
              page "Last check: 11/27/2026, 8:05:12 AM UTC" ran past the card's edge, so the
              lines wrap between words instead. */}
          <div className="stat-title whitespace-normal">{card.title}</div>
          <div className="stat-value whitespace-normal text-xl">
            {isLoading ? "..." : card.value}
          </div>
          <div className="stat-desc whitespace-normal break-words">{card.note}</div>
        </section>
      ))}
    </div>
  );
}

/** One backup's time and result: "OK" or "Failed", with the file and what the check found. */
function BackupFacts({ backup }: { backup: Backup }) {
  const name = backup.file?.split(/[\\/]/).at(-1) ?? "";
  const t = useT();
  return (
    <>
      <div className="flex justify-between gap-3 py-1">
        <dt>{t("admin.info.lastBackup")}</dt>
        <dd className={RESULT_CELL}>
          {formatDateTime(backup.createdAt)}
          <span className={`badge badge-sm ${backup.ok ? "badge-success" : "badge-error"}`}>
            {backup.ok ? t("admin.info.ok") : t("admin.info.failed")}
          </span>
        </dd>
      </div>
      <div className="flex justify-between gap-3 py-1">
        <dt>{t("admin.info.backupFile")}</dt>
        <dd className="min-w-0 break-all text-right" title={backup.file ?? undefined}>
          {name}
        </dd>
      </div>
      <div className="flex justify-between gap-3 py-1">
        <dt>{t("admin.info.backupCheck")}</dt>
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
  const t = useT();
  return (
    <Panel title={t("admin.info.title")}>
      <dl className="text-sm">
        <div className="flex justify-between py-1">
          <dt>{t("admin.info.version")}</dt>
          <dd>1.0.0</dd>
        </div>
        <div className="flex justify-between py-1">
          <dt>{t("admin.info.environment")}</dt>
          <dd>{t("admin.info.production")}</dd>
        </div>
        {latest.data ? (
          <BackupFacts backup={latest.data} />
        ) : (
          <div className="flex justify-between gap-3 py-1">
            <dt>{t("admin.info.lastBackup")}</dt>
            <dd className="text-right">
              {latest.isPending
                ? "..."
                : latest.isError
                  ? t("admin.info.unknown")
                  : t("admin.info.noBackup")}
            </dd>
          </div>
        )}
        <IntegrityFacts />
        <div className="flex justify-between gap-3 py-1">
          <dt>{t("admin.info.automaticBackups")}</dt>
          <dd className="text-right">
            {settings === undefined
              ? "..."
              : hours
                ? t("admin.info.everyHours", { hours: formatNumber(hours) })
                : t("admin.info.backupsOff")}
          </dd>
        </div>
        <div className="flex justify-between py-1">
          <dt>{t("admin.info.uptime")}</dt>
          <dd>{formatPercent(99.9, 1)}</dd>
        </div>
      </dl>
    </Panel>
  );
}

export function SecurityNotice() {
  const t = useT();
  return (
    <div role="note" className="alert alert-warning">
      <div>
        <h2 className="font-semibold">{t("admin.security.title")}</h2>
        <p className="text-sm">{t("admin.security.text")}</p>
      </div>
    </div>
  );
}
