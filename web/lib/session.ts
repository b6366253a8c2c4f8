/**
 * Session state (jotai). AuthProvider sets `currentUserAtom` from the /api/user query and
 * nothing else writes it; screens read the user and their role from these atoms. A 401
 * from any call while signed in marks the session expired: the shell remembers the page
 * in `returnToAtom`, the sign-in page says why, and signing in leads back there.
 */
import { atom } from "jotai";
import type { UserDto } from "../../src/domain/dto";

/** The signed-in user, as GET /api/user answers it. */
export type SessionUser = UserDto;

/** undefined while the lookup is pending, null when signed out. */
export const currentUserAtom = atom<SessionUser | null | undefined>(undefined);

export const isAdminAtom = atom((get) => get(currentUserAtom)?.role === "admin");

/** The customer role sees no button the server would refuse (mutations are staff-only). */
export const canMutateAtom = atom((get) => {
  const role = get(currentUserAtom)?.role;
  return role === "admin" || role === "user";
});

/** Set by AuthProvider when a call answers 401 while signed in; cleared by signing in. */
export const sessionExpiredAtom = atom(false);

/** The page (path and query) to return to after signing in again. */
export const returnToAtom = atom<string | null>(null);

/** The staff user's working shop (issue 9), or null: preselected in the money dialogs. */
export const workingShopIdAtom = atom((get) => get(currentUserAtom)?.shopId ?? null);
