import { Link } from "wouter";

/** Opens a bet's slip and its print dialog (the slip's own page, without the app's chrome). */
export function PrintSlipLink({ betId, label = "Print Slip" }: { betId: number; label?: string }) {
  return (
    <Link href={`/bets/${betId}/slip?print=1`} className="btn btn-sm btn-outline">
      {label}
    </Link>
  );
}
