import { useAtomValue } from "jotai";
import { centsOf } from "../../../../src/domain/money";
import { useT } from "../../../i18n";
import { euroCents } from "../../../lib/format";
import { isAdminAtom } from "../../../lib/session";
import { useLargeAmountCents } from "../../../lib/settings";
import type { Bet } from "../api/types";
import "../../../i18n/areas/bets";

/**
 * Four eyes on risk (issue 10): a Won paying LARGE_AMOUNT or more is settled by an admin.
 * The reason staff cannot settle this bet Won, or null when they can (and for admins).
 * `payoutCents` is what the settlement pays: a Placed one pays the place part (decision 052).
 */
export function useWonNeedsAdmin(
  bet: Pick<Bet, "potentialPayout">,
  payoutCents = centsOf(bet.potentialPayout),
): string | null {
  const isAdmin = useAtomValue(isAdminAtom);
  const largeAmountCents = useLargeAmountCents();
  const t = useT();
  if (isAdmin || payoutCents < largeAmountCents) return null;
  return t("bets.wonNeedsAdmin", { amount: euroCents(largeAmountCents) });
}
