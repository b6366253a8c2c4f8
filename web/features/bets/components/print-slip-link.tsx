import { Link } from "wouter";
import { useT } from "../../../i18n";
import "../../../i18n/areas/bets";

/**
 * Opens a bet's slip and its print dialog (the slip's own page, without the app's chrome).
 * `original` only for the first print from the bet's success state: every other print of a
 * slip says DUPLICATE (issue 21 item 4, decision 053).
 */
export function PrintSlipLink({
  betId,
  label,
  original = false,
  onClick,
}: {
  betId: number;
  label?: string;
  original?: boolean;
  onClick?: () => void;
}) {
  const t = useT();
  return (
    <Link
      href={`/bets/${betId}/slip?print=${original ? "original" : "1"}`}
      className="btn btn-sm btn-outline"
      onClick={onClick}
    >
      {label ?? t("bets.printSlip")}
    </Link>
  );
}
