import { useAtomValue } from "jotai";
import { Link, useLocation } from "wouter";
import { useT } from "../../../i18n";
import { currentUserAtom } from "../../../lib/session";
import "../../../i18n/areas/auth";

/** The sidebar footer's way to the signed-in user's own page: their details and sessions. */
export function AccountLink() {
  const user = useAtomValue(currentUserAtom);
  const [location] = useLocation();
  const t = useT();
  if (!user) return null;
  const href = `/users/${user.id}`;
  return (
    <Link
      href={href}
      className="btn btn-ghost btn-sm w-full"
      aria-current={location === href ? "page" : undefined}
    >
      {t("auth.accountLink")}
    </Link>
  );
}
