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

/** A customer-role user sees only its own account (issue 10): no staff screens, no alerts. */
export const isCustomerAtom = atom((get) => get(currentUserAtom)?.role === "customer");

/** A customer login's own account page, its home; null when the login has no record. */
export const ownAccountHrefAtom = atom((get) => {
  const user = get(currentUserAtom);
  return user?.role === "customer" && user.customerId !== null
    ? `/customers/${user.customerId}`
    : null;
});

/** Set by AuthProvider when a call answers 401 while signed in; cleared by signing in. */
export const sessionExpiredAtom = atom(false);

/** The page (path and query) to return to after signing in again. */
export const returnToAtom = atom<string | null>(null);

/** The staff user's working shop (issue 9), or null: preselected in the money dialogs. */
export const workingShopIdAtom = atom((get) => get(currentUserAtom)?.shopId ?? null);
