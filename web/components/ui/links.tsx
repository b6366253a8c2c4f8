import { useAtomValue } from "jotai";
import { Link } from "wouter";
import { customerNumber } from "../../../src/domain/customer-number";
import { i18n, useT } from "../../i18n";
import { isCustomerAtom } from "../../lib/session";
import { Truncate } from "./truncate";
import "../../i18n/areas/ui";

/**
 * The name shown for a user who did something: "Staff" to a customer login (issue 25 item 8,
 * decisions/047): the server sends it no staff names or ids, so its screens say "Staff"
 * where staff's say who.
 */
export function useStaffName(): (username: string | null | undefined, fallback: string) => string {
  const customer = useAtomValue(isCustomerAtom);
  const t = useT();
  return (username, fallback) => (customer ? t("ui.staff") : (username ?? fallback));
}

export function UserLink({
  user,
  fallback,
}: {
  user: { id: number; username: string } | null | undefined;
  fallback: string;
}) {
  const customer = useAtomValue(isCustomerAtom);
  const t = useT();
  if (customer) return <span>{t("ui.staff")}</span>;
  if (!user) return <span>{fallback}</span>;
  return (
    <Link href={`/users/${user.id}`} className="link link-primary">
      {user.username}
    </Link>
  );
}

/**
 * A table cell naming who did something: cut to the cell's width, whole in its title.
 * `acted: false` (nobody has yet, e.g. an open bet's settler) shows nothing to anyone.
 */
export function UserCell({
  user,
  fallback,
  className,
  acted = true,
}: {
  user: { id: number; username: string } | null | undefined;
  fallback: string;
  className: string;
  acted?: boolean;
}) {
  const staffName = useStaffName();
  if (!acted) return null;
  return (
    <Truncate text={staffName(user?.username, fallback)} className={className}>
      <UserLink user={user} fallback={fallback} />
    </Truncate>
  );
}

/**
 * A customer named in a row: the name (the link) and the customer number beside it, so
 * namesakes are told apart wherever a customer is shown (issue 20).
 */
export function CustomerLink({
  id,
  customer,
}: {
  id: number;
  customer: { firstName: string; lastName: string } | null | undefined;
}) {
  const t = useT();
  if (!customer) return <span>{t("ui.customerId", { id })}</span>;
  return (
    <>
      <Link href={`/customers/${id}`} className="link link-primary">
        {customer.firstName} {customer.lastName}
      </Link>{" "}
      <span className="whitespace-nowrap text-xs text-base-content/70">{customerNumber(id)}</span>
    </>
  );
}

/**
 * A bet's customer as text: "Cash" for a cash bet (no customer: the slip is the claim; issue
 * 21, decision 051), in the language shown.
 */
export function betCustomerName(bet: {
  customerId: number | null;
  customer: { firstName: string; lastName: string } | null | undefined;
}): string {
  if (bet.customerId === null) return i18n.t("ui.cash");
  return bet.customer
    ? `${bet.customer.firstName} ${bet.customer.lastName}`
    : i18n.t("ui.customerId", { id: bet.customerId });
}

/** A bet's customer, linked; "Cash" for a cash bet, which has none. */
export function BetCustomerLink({
  bet,
}: {
  bet: {
    customerId: number | null;
    customer: { firstName: string; lastName: string } | null | undefined;
  };
}) {
  const t = useT();
  if (bet.customerId === null) return <span data-testid="cash-bet">{t("ui.cash")}</span>;
  return <CustomerLink id={bet.customerId} customer={bet.customer} />;
}

export function ShopLink({ id, shop }: { id: number; shop: { name: string } | null | undefined }) {
  const t = useT();
  if (!shop) return <span>{t("ui.shopId", { id })}</span>;
  return (
    <Link href={`/shops/${id}`} className="link link-primary">
      {shop.name}
    </Link>
  );
}
