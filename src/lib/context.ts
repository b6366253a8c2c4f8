import type { Role } from "../domain/enums";

/** The time source every service reads; scripts replaying history pass their own. */
export type Clock = () => number;

/** Who is acting, carried from the request into every service write (for audit and ledger). */
export interface Actor {
  userId: number;
  username: string;
  role: Role;
  ip: string | null;
  requestId: string;
  /** Set when an API token acts (decision 058): it has its creator's id but no till (078). */
  tokenId?: number;
}

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
  createdAt: number;
  /** The staff user\'s working shop (null until chosen). */
  shopId: number | null;
  /** A customer-role user's own customer record: all it may see (issue 10). */
  customerId: number | null;
  disabledAt: number | null;
  /** After an admin's reset: every call but changing the password is refused. */
  mustChangePassword: boolean;
  lastSignInAt: number | null;
  /** How this user sees prices (decision 048); null follows ODDS_FORMAT. */
  oddsFormat: "decimal" | "fractional" | null;
  /** This user's language (decision 065); null follows the browser, then DEFAULT_LANGUAGE. */
  language: "en" | "de" | null;
}
