import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useState,
} from "react";
import type { Bet } from "../api/types";

const SettleBetDialog = lazy(() => import("./settle-bet-dialog"));
const VoidBetDialog = lazy(() => import("./void-bet-dialog"));

/** PLACED only for an each-way bet (decision 052). */
export type Settling = "WON" | "PLACED" | "LOST" | "VOID";

/** Opens the page's settle dialog for a bet (Won, Placed, Lost or Void). */
type OpenSettle = (bet: Bet, settling: Settling) => void;

const SettleContext = createContext<OpenSettle | null>(null);

/** The page's opener of settle dialogs (BetActions' buttons call it). */
export function useOpenSettle(): OpenSettle {
  const open = useContext(SettleContext);
  if (!open) throw new Error("BetActions needs a SettleProvider around it");
  return open;
}

/**
 * Owns the one settle dialog of a page (issue 20): the Bets list and the bet page put it
 * around their rows or header, so the dialog is the page's, not the row's. A row that
 * unmounts while its dialog is open (the table turning into cards under 640 px, a live
 * update) leaves the dialog open on the bet it was opened for. `onSettled` runs after a
 * settlement, once the dialog has closed: the page then moves the focus (the next pending
 * row's Won, the bet's status) instead of leaving it on buttons that are about to go.
 */
export function SettleProvider({
  children,
  onSettled,
}: {
  children: ReactNode;
  onSettled?: (bet: Bet) => void;
}) {
  const [open, setOpen] = useState<{ bet: Bet; settling: Settling } | null>(null);
  const openSettle = useCallback<OpenSettle>((bet, settling) => setOpen({ bet, settling }), []);
  const close = () => setOpen(null);
  const settled = (bet: Bet) => {
    setOpen(null);
    onSettled?.(bet);
  };
  return (
    <SettleContext.Provider value={openSettle}>
      {children}
      {open && (
        <Suspense fallback={null}>
          {open.settling === "VOID" ? (
            <VoidBetDialog
              key={open.bet.id}
              bet={open.bet}
              onClose={close}
              onSettled={() => settled(open.bet)}
            />
          ) : (
            <SettleBetDialog
              key={open.bet.id}
              bet={open.bet}
              status={open.settling}
              onClose={close}
              onSettled={() => settled(open.bet)}
            />
          )}
        </Suspense>
      )}
    </SettleContext.Provider>
  );
}
