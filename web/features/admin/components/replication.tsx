/**
 * The replica on the admin page (issue 22 item 1, decision 060): where the database is
 * copied continuously (REPLICA_URL), its state, how far behind it is and when it was last
 * written to. From GET /api/health, polled with the system status.
 */
import { Panel } from "../../../components/ui/page-header";
import { formatDateTime } from "../../../lib/format";
import { useHealth } from "../api/get-health";

const STATE: Record<string, { text: string; className: string }> = {
  ok: { text: "OK", className: "badge-success" },
  lagging: { text: "Lagging", className: "badge-warning" },
  stopped: { text: "Stopped", className: "badge-error" },
  off: { text: "Off", className: "badge-ghost" },
};

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
  if (isPending) {
    return (
      <Panel title="Replication">
        <p className="text-sm">...</p>
      </Panel>
    );
  }
  if (!replication || replication.state === "off") {
    return (
      <Panel title="Replication">
        <dl className="text-sm">
          <Row term="Replica">Off (REPLICA_URL not set)</Row>
        </dl>
      </Panel>
    );
  }
  const state = STATE[replication.state] ?? STATE.off;
  return (
    <Panel title="Replication">
      <dl className="text-sm">
        <Row term="Replica">{replication.replica}</Row>
        <Row term="State">
          <span className={`badge badge-sm ${state?.className}`}>{state?.text}</span>
        </Row>
        <Row term="Lag">{`${replication.lagSeconds ?? 0} s`}</Row>
        <Row term="Last Sync">
          {replication.lastSyncAt ? formatDateTime(replication.lastSyncAt) : "Not since the start"}
        </Row>
        {replication.state !== "ok" && replication.detail ? (
          <Row term="Problem">
            <span className="text-error">{replication.detail}</span>
          </Row>
        ) : null}
      </dl>
    </Panel>
  );
}
