/**
 * The replica on the admin page (issue 22 item 1, decision 060): where the database is
 * copied continuously (REPLICA_URL), its state, how far behind it is and when it was last
 * written to. From GET /api/health, polled with the system status.
 */
import { Panel } from "../../../components/ui/page-header";
import { useT } from "../../../i18n";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useHealth } from "../api/get-health";
import "../../../i18n/areas/admin";

const STATE = {
  ok: { text: "ok", className: "badge-success" },
  lagging: { text: "lagging", className: "badge-warning" },
  stopped: { text: "stopped", className: "badge-error" },
  off: { text: "stateOff", className: "badge-ghost" },
} as const;

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt>{term}</dt>
      <dd className="min-w-0 break-all text-right">{children}</dd>
    </div>
  );
}

export function ReplicationPanel() {
  const { data, isPending } = useHealth();
  const replication = data?.replication;
  const t = useT();
  if (isPending) {
    return (
      <Panel title={t("admin.replication.title")}>
        <p className="text-sm">...</p>
      </Panel>
    );
  }
  if (!replication || replication.state === "off") {
    return (
      <Panel title={t("admin.replication.title")}>
        <dl className="text-sm">
          <Row term={t("admin.replication.replica")}>{t("admin.replication.off")}</Row>
        </dl>
      </Panel>
    );
  }
  const state = STATE[replication.state as keyof typeof STATE] ?? STATE.off;
  return (
    <Panel title={t("admin.replication.title")}>
      <dl className="text-sm">
        <Row term={t("admin.replication.replica")}>{replication.replica}</Row>
        <Row term={t("admin.replication.state")}>
          <span className={`badge badge-sm ${state.className}`}>
            {t(`admin.replication.${state.text}`)}
          </span>
        </Row>
        <Row
          term={t("admin.replication.lag")}
        >{`${formatNumber(replication.lagSeconds ?? 0)} s`}</Row>
        <Row term={t("admin.replication.lastSync")}>
          {replication.lastSyncAt
            ? formatDateTime(replication.lastSyncAt)
            : t("admin.replication.notSinceStart")}
        </Row>
        {replication.state !== "ok" && replication.detail ? (
          <Row term={t("admin.replication.problem")}>
            <span className="text-error">{replication.detail}</span>
          </Row>
        ) : null}
      </dl>
    </Panel>
  );
}
