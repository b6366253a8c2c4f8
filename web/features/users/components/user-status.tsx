import type { UserDto } from "../../../../src/domain/dto";
import { i18n, useT } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import "../../../i18n/areas/users";

/** The parts of a user that make its status; `signInLocked` comes with the admin's list. */
type AccountState = Pick<UserDto, "disabled" | "mustChangePassword"> & { signInLocked?: boolean };

/** What the admin needs to know about an account (issue 10); more than one can apply. */
type Status = "active" | "disabled" | "mustChangePassword" | "locked";

function statusesOf(user: AccountState): [status: Status, badgeClass: string][] {
  const statuses: [Status, string][] = [
    user.disabled ? ["disabled", "badge-neutral"] : ["active", "badge-success"],
  ];
  if (user.mustChangePassword) statuses.push(["mustChangePassword", "badge-warning"]);
  if (user.signInLocked) statuses.push(["locked", "badge-error"]);
  return statuses;
}

/**
 * The account's status as badges: Active or Disabled, then Must change password, Locked.
 * `compact`: small badges one under the other, for a table column.
 */
export function UserStatusBadges({ user, compact }: { user: AccountState; compact?: boolean }) {
  const t = useT();
  return (
    <span className={`inline-flex gap-1 ${compact ? "flex-col items-start" : "flex-wrap"}`}>
      {statusesOf(user).map(([status, badge]) => (
        <span
          key={status}
          className={`badge whitespace-nowrap ${compact ? "badge-sm" : ""} ${badge}`}
        >
          {t(`users.status.${status}`)}
        </span>
      ))}
    </span>
  );
}

/** The last successful sign-in as a date and time, or "Never". */
export function lastSignInText(lastSignInAt: string | null): string {
  return lastSignInAt ? formatDateTime(lastSignInAt) : i18n.t("users.status.never");
}
