import { Link } from "wouter";

/** The page of an audit entry's entity, where one exists (transactions: the list, found by id). */
export function entityHref(entityType: string, entityId: string | null): string | null {
  if (!entityId) return entityType === "ALERT" ? "/alerts" : null;
  const id = encodeURIComponent(entityId);
  switch (entityType) {
    case "CUSTOMER":
      return `/customers/${id}`;
    case "SHOP":
      return `/shops/${id}`;
    case "BET":
      return `/bets/${id}`;
    case "USER":
      return `/users/${id}`;
    case "SHIFT":
      return `/shifts/${id}`;
    case "TRANSACTION":
      return `/transactions?q=${id}`;
    case "ALERT":
      return "/alerts";
    default:
      return null;
  }
}

/** "Customer #7", linked to the customer's page. */
export function EntityLink({ type, id }: { type: string; id: string | null }) {
  const text = `${type.charAt(0)}${type.slice(1).toLowerCase()}${id ? ` #${id}` : ""}`;
  const href = entityHref(type, id);
  if (!href) return <span>{text}</span>;
  return (
    <Link href={href} className="link link-primary">
      {text}
    </Link>
  );
}
