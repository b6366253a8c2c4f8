import { createColumnHelper } from "@tanstack/react-table";
import { useId, useMemo, useState } from "react";
import { auditVocabulary } from "../../../../src/domain/audit-actions" with { type: "macro" };
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { UserLink } from "../../../components/ui/links";
import {
  ClearFilters,
  DateRangeFilter,
  enumOptions,
  FilterSelect,
  UserFilter,
} from "../../../components/ui/table-filters";
import { DateCell } from "../../../components/ui/truncate";
import { formatDateTime } from "../../../lib/format";
import { type AuditEntry, useAuditLog } from "../api/get-audit-log";
import { AuditDifference } from "./audit-difference";
import { EntityLink } from "./entity-link";

/** Built into the bundle at build time (a Bun macro): no request, no zod. */
const VOCABULARY = auditVocabulary();
/** The refused sign-ins (issue 25): named in the filter so an admin finds them by meaning. */
const SIGN_IN_FAILURES: Record<string, string> = {
  "auth.login-failed": "failed sign-in",
  "auth.login-locked": "sign-in refused by the throttle",
  "auth.confirm-failed": "refused password confirmation",
};
const ACTION_OPTIONS = VOCABULARY.actions.map((a) => ({
  value: a,
  label: SIGN_IN_FAILURES[a] ? `${a} (${SIGN_IN_FAILURES[a]})` : a,
}));
const ENTITY_OPTIONS = enumOptions(VOCABULARY.entityTypes);
const FILTERS = ["actorId", "action", "entityType", "entityId", "from", "to"] as const;
const FIELD = "flex min-w-0 flex-1 basis-[40%] flex-col gap-1 sm:flex-none sm:basis-auto";

const col = createColumnHelper<AuditEntry>();

function actorOf(entry: AuditEntry) {
  return entry.actorId === null || entry.actorUsername === null
    ? null
    : { id: entry.actorId, username: entry.actorUsername };
}

/**
 * Who a row without an actor was: a refused sign-in names the username as typed (the server
 * keeps 64 characters with control characters written out), anything else is the system.
 */
function noActorText(entry: AuditEntry): string {
  const typed = (entry.after as { username?: unknown } | null)?.username;
  if (SIGN_IN_FAILURES[entry.action] && typeof typed === "string") {
    return `${typed} (not signed in)`;
  }
  return "System";
}

function columns(open: (entry: AuditEntry) => void) {
  return [
    col.accessor("createdAt", { header: "When", cell: (c) => <DateCell value={c.getValue()} /> }),
    col.display({
      id: "actor",
      header: "Actor",
      cell: (c) => (
        <UserLink user={actorOf(c.row.original)} fallback={noActorText(c.row.original)} />
      ),
    }),
    col.accessor("action", {
      header: "Action",
      enableSorting: false,
      cell: (c) => <code className="text-sm">{c.getValue()}</code>,
    }),
    col.display({
      id: "entity",
      header: "Entity",
      cell: (c) => <EntityLink type={c.row.original.entityType} id={c.row.original.entityId} />,
    }),
    col.accessor("ip", { header: "IP address", enableSorting: false }),
    col.display({
      id: "details",
      header: "Details",
      cell: (c) => (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-label={`Details of ${c.row.original.action} #${c.row.original.id}`}
          onClick={() => open(c.row.original)}
        >
          Details
        </button>
      ),
    }),
  ];
}

/** Entity type and id: the id needs a type (the log's index starts with the type). */
function EntityFilter({ state }: { state: ReturnType<typeof useTableState> }) {
  const typeId = useId();
  const idId = useId();
  const type = state.filters.entityType ?? "";
  return (
    <>
      <div className={FIELD}>
        <label htmlFor={typeId} className="text-sm font-medium">
          Entity
        </label>
        <select
          id={typeId}
          className="select select-bordered select-sm w-full sm:w-36"
          value={type}
          onChange={(event) =>
            state.setFilters({
              entityType: event.target.value,
              ...(event.target.value ? {} : { entityId: "" }),
            })
          }
        >
          <option value="">All</option>
          {ENTITY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={FIELD}>
        <label htmlFor={idId} className="text-sm font-medium">
          Entity ID
        </label>
        <input
          id={idId}
          inputMode="numeric"
          className="input input-bordered input-sm w-full sm:w-24"
          value={state.filters.entityId ?? ""}
          disabled={!type}
          onChange={(event) => state.setFilters({ entityId: event.target.value.trim() })}
        />
      </div>
    </>
  );
}

/** One entry's facts and its before/after difference, in a dialog. */
function EntryDialog({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  return (
    <Dialog title={`${entry.action} #${entry.id}`} onClose={onClose} wide>
      <dl className="mb-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">When</dt>
        <dd>{formatDateTime(entry.createdAt)}</dd>
        <dt className="font-medium">Actor</dt>
        <dd>{entry.actorUsername ?? noActorText(entry)}</dd>
        <dt className="font-medium">Entity</dt>
        <dd>
          <EntityLink type={entry.entityType} id={entry.entityId} />
        </dd>
        <dt className="font-medium">IP address</dt>
        <dd>{entry.ip ?? ""}</dd>
        <dt className="font-medium">Request</dt>
        <dd className="break-all">{entry.requestId ?? ""}</dd>
      </dl>
      <h3 className="mb-2 font-semibold">Before and after</h3>
      <AuditDifference before={entry.before} after={entry.after} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

export default function AuditTable() {
  const state = useTableState([{ id: "createdAt", desc: true }], FILTERS);
  const query = useAuditLog(state.params);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const cols = useMemo(() => columns(setOpen), []);
  return (
    <>
      <DataTable
        columns={cols}
        state={state}
        query={query}
        loadingText="Loading the audit trail..."
        emptyText="No audit entries found"
        searchLabel="Search the audit trail"
        csvExport="auditLog"
        filters={
          <>
            <UserFilter state={state} name="actorId" label="Actor" allLabel="Anyone" />
            <FilterSelect
              state={state}
              name="action"
              label="Action"
              options={ACTION_OPTIONS}
              allLabel="All actions"
            />
            <EntityFilter state={state} />
            <DateRangeFilter state={state} />
            <ClearFilters state={state} />
          </>
        }
      />
      {open && <EntryDialog entry={open} onClose={() => setOpen(null)} />}
    </>
  );
}
