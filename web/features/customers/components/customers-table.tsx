import { createColumnHelper } from "@tanstack/react-table";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { Link, useLocation } from "wouter";
import { ActiveBadge } from "../../../components/ui/badges";
import { CardFacts, DataTable, useTableState } from "../../../components/ui/data-table";
import { UserCell } from "../../../components/ui/links";
import { ACTIVE_OPTIONS, ClearFilters, FilterSelect } from "../../../components/ui/table-filters";
import { Truncate } from "../../../components/ui/truncate";
import { useT } from "../../../i18n";
import { euro } from "../../../lib/format";
import { useCustomers } from "../api/get-customers";
import type { Customer } from "../api/types";
import { customerNumber } from "../customer-label";
import "../../../i18n/areas/customers";

const col = createColumnHelper<Customer>();

/** Columns shown from 1280 px (and on the customer's page), so the table fits at 1024 px. */
const LARGE_ONLY = "hidden xl:table-cell";

/** The columns, headers in the language showing (rebuilt when it changes). */
function customerColumns(t: TFunction) {
  const na = t("customers.notAvailable");
  return [
    // The customer number tells namesakes apart (issue 20); searchable as 123 or C-000123.
    col.accessor("id", {
      header: t("customers.number"),
      cell: (c) => <span className="whitespace-nowrap">{customerNumber(c.getValue())}</span>,
    }),
    col.accessor("firstName", {
      header: t("customers.firstName"),
      cell: (c) => <Truncate text={c.getValue()} className="max-w-32" />,
    }),
    col.accessor("lastName", {
      header: t("customers.lastName"),
      cell: (c) => <Truncate text={c.getValue()} className="max-w-32" />,
    }),
    col.accessor("email", {
      header: t("customers.email"),
      meta: { grow: true },
      cell: (c) => <Truncate text={c.getValue() || na} className="" />,
    }),
    col.accessor("phone", {
      header: t("customers.phone"),
      cell: (c) => <Truncate text={c.getValue() || na} className="max-w-32" />,
    }),
    col.accessor("balance", {
      header: t("customers.balance"),
      meta: { numeric: true },
      cell: (c) => euro(c.getValue()),
    }),
    col.accessor("creditLimit", {
      header: t("customers.creditLimit"),
      meta: { numeric: true },
      cell: (c) => euro(c.getValue()),
    }),
    col.accessor("allowOverdraft", {
      header: t("customers.overdraft"),
      meta: { className: LARGE_ONLY },
      cell: (c) => (c.getValue() ? t("customers.allowed") : t("customers.notAllowed")),
    }),
    col.accessor("isActive", {
      header: t("customers.status"),
      cell: (c) => <ActiveBadge active={c.getValue()} />,
    }),
    col.accessor("createdBy", {
      header: t("customers.createdBy"),
      meta: { cardHidden: true, className: LARGE_ONLY },
      cell: (c) => (
        <UserCell
          user={c.row.original.createdByUser}
          fallback={t("customers.unknown")}
          className="max-w-24"
        />
      ),
    }),
  ];
}

/** A customer on a phone: name and status, how to reach them, balance and credit limit. */
function CustomerCard({ customer }: { customer: Customer }) {
  const name = `${customer.firstName} ${customer.lastName}`;
  const t = useT();
  return (
    <article className="flex flex-col gap-1 text-sm" aria-label={name}>
      <div className="flex items-start justify-between gap-2">
        <Link href={`/customers/${customer.id}`} className="link min-w-0 font-semibold break-words">
          {name}
        </Link>
        <span className="text-base-content/70">{customerNumber(customer.id)}</span>
        <ActiveBadge active={customer.isActive} />
      </div>
      {(customer.email || customer.phone) && (
        <p className="break-words text-base-content/70">
          {[customer.email, customer.phone].filter(Boolean).join(" · ")}
        </p>
      )}
      <CardFacts
        facts={[
          [t("customers.balance"), euro(customer.balance)],
          [t("customers.creditLimitShort"), euro(customer.creditLimit)],
        ]}
      />
    </article>
  );
}

export default function CustomersTable() {
  const state = useTableState([], ["status"]);
  const query = useCustomers(state.params);
  const [, navigate] = useLocation();
  const t = useT();
  const columns = useMemo(() => customerColumns(t), [t]);
  return (
    <DataTable
      columns={columns}
      state={state}
      query={query}
      csvExport="listCustomers"
      loadingText={t("customers.loading")}
      emptyText={t("customers.empty")}
      onRowClick={(customer) => navigate(`/customers/${customer.id}`)}
      renderCard={(customer) => <CustomerCard customer={customer} />}
      filters={
        <>
          <FilterSelect
            state={state}
            name="status"
            label={t("customers.status")}
            options={ACTIVE_OPTIONS}
          />
          <ClearFilters state={state} />
        </>
      }
    />
  );
}
