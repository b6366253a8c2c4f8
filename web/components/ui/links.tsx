import { Link } from "wouter";
import { customerNumber } from "../../../src/domain/customer-number";

export function UserLink({
  user,
  fallback,
}: {
  user: { id: number; username: string } | null | undefined;
  fallback: string;
}) {
  if (!user) return <span>{fallback}</span>;
  return (
    <Link href={`/users/${user.id}`} className="link link-primary">
      {user.username}
    </Link>
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
  if (!customer) return <span>Customer ID: {id}</span>;
  return (
    <>
      <Link href={`/customers/${id}`} className="link link-primary">
        {customer.firstName} {customer.lastName}
      </Link>{" "}
      <span className="whitespace-nowrap text-xs text-base-content/70">{customerNumber(id)}</span>
    </>
  );
}

export function ShopLink({ id, shop }: { id: number; shop: { name: string } | null | undefined }) {
  if (!shop) return <span>Shop ID: {id}</span>;
  return (
    <Link href={`/shops/${id}`} className="link link-primary">
      {shop.name}
    </Link>
  );
}
