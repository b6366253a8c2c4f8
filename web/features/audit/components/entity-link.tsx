import { Link } from "wouter";
import { i18n, useT } from "../../../i18n";
import { en } from "../../../i18n/areas/audit";

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

/** An entity type as people read it ("CUSTOMER" -> "Customer"; de: "Kunde"). */
export function entityLabel(type: string, t: ReturnType<typeof useT> = i18n.t): string {
  if (Object.hasOwn(en.entities, type)) {
    return t(`audit.entities.${type as keyof typeof en.entities}`);
  }
  return `${type.charAt(0)}${type.slice(1).toLowerCase()}`;
}

/** "Customer #7", linked to the customer's page. */
export function EntityLink({ type, id }: { type: string; id: string | null }) {
  const t = useT();
  const text = `${entityLabel(type, t)}${id ? ` #${id}` : ""}`;
  const href = entityHref(type, id);
  if (!href) return <span>{text}</span>;
  return (
    <Link href={href} className="link link-primary">
      {text}
    </Link>
  );
}
