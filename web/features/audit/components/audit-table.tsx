import { createColumnHelper } from "@tanstack/react-table";
import { useId, useMemo, useState } from "react";
import { auditVocabulary } from "../../../../src/domain/audit-actions" with { type: "macro" };
import { DataTable, useTableState } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { UserLink } from "../../../components/ui/links";
import {
  ClearFilters,
  DateRangeFilter,
  dateRangeInverted,
  enumOptions,
  FilterSelect,
  UserFilter,
} from "../../../components/ui/table-filters";
import { DateCell } from "../../../components/ui/truncate";
import { i18n, useT } from "../../../i18n";
import { en } from "../../../i18n/areas/audit";
import { formatDateTime } from "../../../lib/format";
import { type AuditEntry, useAuditLog } from "../api/get-audit-log";
import { AuditDifference } from "./audit-difference";
import { EntityLink, entityLabel } from "./entity-link";
import "../../../i18n/areas/auth";
import "../../../i18n/areas/validation";

/** Built into the bundle at build time (a Bun macro): no request, no zod. */
const VOCABULARY = auditVocabulary();
/**
 * The refused sign-ins (issue 25): named in the filter so an admin finds them by meaning.
 * "auth.login-failed" -> "login-failed", the key of its meaning; null for other actions.
 */
function signInFailure(action: string): keyof typeof en.signInFailures | null {
  const key = action.replace(/^auth\./, "");
  return key !== action && Object.hasOwn(en.signInFailures, key)
    ? (key as keyof typeof en.signInFailures)
    : null;
}

/** The actions as recorded ("bet.place"), a refused sign-in with its meaning beside it. */
function actionOptions(t: ReturnType<typeof useT>) {
  return VOCABULARY.actions.map((a) => {
    const failure = signInFailure(a);
    return { value: a, label: failure ? `${a} (${t(`audit.signInFailures.${failure}`)})` : a };
  });
}
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
  if (signInFailure(entry.action) && typeof typed === "string") {
    return i18n.t("audit.notSignedIn", { username: typed });
  }
  return i18n.t("audit.system");
}

function columns(open: (entry: AuditEntry) => void, t: ReturnType<typeof useT>) {
  return [
    col.accessor("createdAt", {
      header: t("audit.when"),
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.display({
      id: "actor",
      header: t("audit.actor"),
      cell: (c) => (
        <UserLink user={actorOf(c.row.original)} fallback={noActorText(c.row.original)} />
      ),
    }),
    col.accessor("action", {
      header: t("audit.action"),
      enableSorting: false,
      cell: (c) => <code className="text-sm">{c.getValue()}</code>,
    }),
    col.display({
      id: "entity",
      header: t("audit.entity"),
      cell: (c) => <EntityLink type={c.row.original.entityType} id={c.row.original.entityId} />,
    }),
    col.accessor("ip", { header: t("audit.ipAddress"), enableSorting: false }),
    col.display({
      id: "details",
      header: t("audit.details"),
      cell: (c) => (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-label={t("audit.detailsOf", {
            action: c.row.original.action,
            id: c.row.original.id,
          })}
          onClick={() => open(c.row.original)}
        >
          {t("audit.details")}
        </button>
      ),
    }),
  ];
}

/** Every entity id the log records is a row's: 1 or more in digits (sent without leading zeros). */
const ENTITY_ID = /^\d{1,16}$/;

/** The Entity ID filter as sent ("007" -> "7"), or null when no entity can have it. */
function entityIdOf(typed: string): string | null {
  if (!ENTITY_ID.test(typed) || Number(typed) < 1) return null;
  return String(Number(typed));
}

/**
 * The list's query, or null while a filter can match nothing (an Entity ID that is no id, a
 * From after the To): the filter says why at its field and nothing is asked.
 */
function queryOf(state: ReturnType<typeof useTableState>) {
  const typed = state.filters.entityId ?? "";
  const entityId = typed === "" ? "" : entityIdOf(typed);
  if (entityId === null || dateRangeInverted(state.filters)) return null;
  return entityId === typed ? state.params : { ...state.params, entityId };
}

/** Entity type and id: the id needs a type (the log's index starts with the type). */
function EntityFilter({ state }: { state: ReturnType<typeof useTableState> }) {
  const typeId = useId();
  const idId = useId();
  const type = state.filters.entityType ?? "";
  const t = useT();
  const typedId = state.filters.entityId ?? "";
  const idError =
    typedId !== "" && entityIdOf(typedId) === null
      ? t("validation.messages.positiveWholeNumber", { label: t("audit.entityId") })
      : undefined;
  const entityOptions = enumOptions(VOCABULARY.entityTypes, (value) => entityLabel(value, t));
  return (
    <>
      <div className={FIELD}>
        <label htmlFor={typeId} className="text-sm font-medium">
          {t("audit.entity")}
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
          <option value="">{t("audit.all")}</option>
          {entityOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={FIELD}>
        <label htmlFor={idId} className="text-sm font-medium">
          {t("audit.entityId")}
        </label>
        <input
          id={idId}
          inputMode="numeric"
          className={`input input-bordered input-sm w-full sm:w-24 ${idError ? "input-error" : ""}`}
          value={typedId}
          disabled={!type}
          aria-invalid={idError ? true : undefined}
          aria-describedby={idError ? `${idId}-error` : undefined}
          onChange={(event) => state.setFilters({ entityId: event.target.value.trim() })}
        />
        {idError && (
          <p id={`${idId}-error`} className="text-sm text-error sm:max-w-48">
            {idError}
          </p>
        )}
      </div>
    </>
  );
}

/** One entry's facts and its before/after difference, in a dialog. */
function EntryDialog({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog title={`${entry.action} #${entry.id}`} onClose={onClose} wide>
      <dl className="mb-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{t("audit.when")}</dt>
        <dd>{formatDateTime(entry.createdAt)}</dd>
        <dt className="font-medium">{t("audit.actor")}</dt>
        <dd>{entry.actorUsername ?? noActorText(entry)}</dd>
        <dt className="font-medium">{t("audit.entity")}</dt>
        <dd>
          <EntityLink type={entry.entityType} id={entry.entityId} />
        </dd>
        <dt className="font-medium">{t("audit.ipAddress")}</dt>
        <dd>{entry.ip ?? ""}</dd>
        <dt className="font-medium">{t("audit.request")}</dt>
        <dd className="break-all">{entry.requestId ?? ""}</dd>
      </dl>
      <h3 className="mb-2 font-semibold">{t("audit.beforeAndAfter")}</h3>
      <AuditDifference before={entry.before} after={entry.after} users={entry.users} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          {t("audit.close")}
        </button>
      </div>
    </Dialog>
  );
}

export default function AuditTable() {
  const state = useTableState([{ id: "createdAt", desc: true }], FILTERS);
  const params = queryOf(state);
  const query = useAuditLog(params);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const t = useT();
  const cols = useMemo(() => columns(setOpen, t), [t]);
  const actions = useMemo(() => actionOptions(t), [t]);
  return (
    <>
      <DataTable
        columns={cols}
        state={state}
        query={query}
        loadingText={t("audit.loading")}
        emptyText={params ? t("audit.empty") : t("audit.fixFilters")}
        searchLabel={t("audit.search")}
        csvExport={params ? "auditLog" : undefined}
        filters={
          <>
            <UserFilter
              state={state}
              name="actorId"
              label={t("audit.actor")}
              allLabel={t("audit.anyone")}
            />
            <FilterSelect
              state={state}
              name="action"
              label={t("audit.action")}
              options={actions}
              allLabel={t("audit.allActions")}
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
