/** Session state (jotai): the signed-in user, fed by the /api/user query in AuthProvider. */
import { atom } from "jotai";
import type { Role } from "../../src/domain/enums";

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
  createdAt: string;
}

/** undefined while the lookup is pending, null when signed out. */
export const sessionUserAtom = atom<SessionUser | null | undefined>(undefined);

export const isAdminAtom = atom((get) => get(sessionUserAtom)?.role === "admin");

/** The customer role sees no button the server would refuse (mutations are staff-only). */
export function canMutate(user: SessionUser | null | undefined): boolean {
  return user?.role === "admin" || user?.role === "user";
}
