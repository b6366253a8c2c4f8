import { useParams, useSearch } from "wouter";
import { BetSlip } from "../../features/bets";

/**
 * /bets/:id/slip, outside the app's shell; `?print` opens the print dialog once loaded,
 * `?print=original` for the first print from the bet's success state (else DUPLICATE).
 */
export default function SlipPage() {
  const { id } = useParams<{ id: string }>();
  const print = new URLSearchParams(useSearch()).get("print");
  return (
    <main className="min-h-screen">
      <BetSlip
        key={id}
        id={Number(id)}
        autoPrint={print !== null}
        original={print === "original"}
      />
    </main>
  );
}
