import type { Role } from "../domain/enums";

/** Who is acting, carried from the request into every service write (for audit and ledger). */
export interface Actor {
  userId: number;
  username: string;
  role: Role;
  ip: string | null;
  requestId: string;
}

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
  createdAt: number;
  /** The staff user\'s working shop (null until chosen). */
  shopId: number | null;
}
