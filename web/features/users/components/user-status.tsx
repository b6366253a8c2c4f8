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

/** The account's status as badges: Active or Disabled, then Must change password, Locked. */
export function UserStatusBadges({ user }: { user: AccountState }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {statusesOf(user).map(([label, badge]) => (
        <span key={label} className={`badge whitespace-nowrap ${badge}`}>
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
