import type { UserDto } from "../../../../src/domain/dto";
import { formatDateTime } from "../../../lib/format";

/** The parts of a user that make its status; `signInLocked` comes with the admin's list. */
type AccountState = Pick<UserDto, "disabled" | "mustChangePassword"> & { signInLocked?: boolean };

/** What the admin needs to know about an account (issue 10); more than one can apply. */
function statusesOf(user: AccountState): [label: string, badgeClass: string][] {
  const statuses: [string, string][] = [
    user.disabled ? ["Disabled", "badge-neutral"] : ["Active", "badge-success"],
  ];
  if (user.mustChangePassword) statuses.push(["Must change password", "badge-warning"]);
  if (user.signInLocked) statuses.push(["Locked", "badge-error"]);
  return statuses;
}

/**
 * The account's status as badges: Active or Disabled, then Must change password, Locked.
 * `compact`: small badges one under the other, for a table column.
 */
export function UserStatusBadges({ user, compact }: { user: AccountState; compact?: boolean }) {
  return (
    <span className={`inline-flex gap-1 ${compact ? "flex-col items-start" : "flex-wrap"}`}>
      {statusesOf(user).map(([label, badge]) => (
        <span
          key={label}
          className={`badge whitespace-nowrap ${compact ? "badge-sm" : ""} ${badge}`}
        >
          {label}
        </span>
      ))}
    </span>
  );
}

/** The last successful sign-in as a date and time, or "Never". */
export function lastSignInText(lastSignInAt: string | null): string {
  return lastSignInAt ? formatDateTime(lastSignInAt) : "Never";
}
