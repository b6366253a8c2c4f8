import { Link } from "wouter";
import type { BooksStatusDto } from "../../../../src/domain/dto";
import { Panel } from "../../../components/ui/page-header";
import {
  useFocusFollowsSwap,
  useFocusKeptThroughPending,
} from "../../../components/ui/use-focus-kept-through-pending";
import { useT } from "../../../i18n";
import { richText } from "../../../i18n/rich-text";
import { formatDateTime, relativeAge } from "../../../lib/format";
import { JobEnded, JobProgress, useLatestJob } from "../../admin";
import { useBooksStatus, useCheckBooks, useRecalculateAndCheck } from "../api/books-status";
import "../../../i18n/areas/books";

type Check = NonNullable<BooksStatusDto["last"]>;
type Violation = Check["violations"][number];

/** Where a discrepancy's entity has a page; transactions have none of their own. */
function entityHref(v: Violation): string | null {
  switch (v.entityType) {
    case "CUSTOMER":
      return `/customers/${v.entityId}`;
    case "SHOP":
      return `/shops/${v.entityId}`;
    case "BET":
      return `/bets/${v.entityId}`;
    default:
      return null;
  }
}

/** A stored balance that drifted from its ledger: the one kind a recalculation fixes. */
const recalculable = (v: Violation) => v.rule === "customer-balance" || v.rule === "shop-balance";

/** "Books balance" in green, "N discrepancies" in red, or not yet checked. */
function Verdict({ last }: { last: Check | null }) {
  const t = useT();
  if (!last) {
    return (
      <p role="status" className="badge badge-ghost badge-lg">
        {t("books.notChecked")}
      </p>
    );
  }
  if (last.ok) {
    return (
      <p role="status" className="badge badge-success badge-lg gap-1">
        <span aria-hidden="true">✓</span> {t("books.balance")}
      </p>
    );
  }
  const n = last.violationCount;
  return (
    <p role="status" className="badge badge-error badge-lg gap-1">
      <span aria-hidden="true">!</span>{" "}
      {t("books.discrepancies", {
        count: n,
        more: last.truncated && n === last.violations.length ? "+" : "",
      })}
    </p>
  );
}

/** One discrepancy: its message, a link to the entity, and a recalculation for a drift. */
function Discrepancy({ v }: { v: Violation }) {
  const fix = useRecalculateAndCheck();
  const href = entityHref(v);
  const t = useT();
  const name = t(`books.entity.${v.entityType}`, { id: v.entityId });
  return (
    <li className="flex flex-col gap-1 border-base-300 border-b py-2 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <span className="min-w-0 break-words">{v.message}</span>
      <span className="flex shrink-0 gap-2">
        {href && (
          <Link
            className="btn btn-ghost btn-xs"
            href={href}
            aria-label={t("books.openEntity", { name })}
          >
            {t("books.open")}
          </Link>
        )}
        {recalculable(v) && (v.entityType === "CUSTOMER" || v.entityType === "SHOP") && (
          <button
            type="button"
            className="btn btn-primary btn-xs"
            disabled={fix.isPending}
            aria-label={t("books.recalculateEntity", { name })}
            onClick={() =>
              fix.run({ entityType: v.entityType as "CUSTOMER" | "SHOP", entityId: v.entityId })
            }
          >
            {t("books.recalculate")}
          </button>
        )}
      </span>
    </li>
  );
}

/**
 * The books indicator (issue 13), on the dashboard and the admin page: whether the books
 * balance by the newest books check (stored, whoever ran it), when that was, each
 * discrepancy with its entity and a one-click recalculation, and Check now with progress.
 * The focus follows Check now as it gives way to the check's Cancel, and back.
 */
export function BooksIndicator() {
  const { data, isPending, isError } = useBooksStatus();
  const check = useCheckBooks();
  const t = useT();
  const last = data?.last ?? null;
  const running = data?.running ?? null;
  // A check that failed or was cancelled stores nothing: the jobs list says how it ended.
  const latest = useLatestJob("ledger-check");
  const ended =
    !running &&
    latest?.finishedAt &&
    (latest.state === "failed" || latest.state === "cancelled") &&
    (!last || latest.finishedAt > last.checkedAt)
      ? latest
      : null;
  const steps = useFocusFollowsSwap<HTMLDivElement>(running !== null);
  // Refused (a check already running), Check now has the focus again.
  const checkButton = useFocusKeptThroughPending(check.isPending);
  return (
    <Panel title={t("books.title")}>
      {isPending ? (
        <span
          className="loading loading-spinner loading-sm"
          role="status"
          aria-label={t("books.loading")}
        />
      ) : isError ? (
        <p className="text-sm text-error">{t("books.loadFailed")}</p>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Verdict last={last} />
            {last && (
              <p className="text-sm text-base-content/70">
                {richText(
                  (places) =>
                    t(last.startedBy === "schedule" ? "books.checked" : "books.checkedBy", places),
                  {
                    time: <time dateTime={last.checkedAt}>{formatDateTime(last.checkedAt)}</time>,
                  },
                  {
                    age: relativeAge(last.checkedAt, Date.now(), { inSentence: true }),
                    user: last.startedBy,
                  },
                )}
              </p>
            )}
          </div>
          {last && !last.ok && (
            <>
              <ul
                className="max-h-72 overflow-y-auto text-sm"
                aria-label={t("books.discrepanciesList")}
              >
                {last.violations.map((v) => (
                  <Discrepancy key={`${v.rule}-${v.entityType}-${v.entityId}`} v={v} />
                ))}
              </ul>
              {last.violationCount > last.violations.length || last.truncated ? (
                <p className="text-xs text-base-content/70">
                  {t("books.showingFirst", { count: last.violations.length })}
                </p>
              ) : null}
            </>
          )}
          <div ref={steps} className="flex flex-col gap-3">
            {ended && <JobEnded job={ended} />}
            {running ? (
              <JobProgress job={running} label={t("books.check")} />
            ) : (
              <button
                ref={checkButton}
                type="button"
                className="btn btn-outline btn-sm self-start"
                disabled={check.isPending}
                onClick={() => check.mutate()}
              >
                {t("books.checkNow")}
              </button>
            )}
          </div>
        </div>
      )}
    </Panel>
  );
}
