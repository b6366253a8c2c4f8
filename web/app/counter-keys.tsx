/**
 * Counter keys (issue 21, item 7; decision 050): from any signed-in staff or admin screen one
 * function key opens each counter dialog, and `?` shows the keymap. A customer login gets
 * none of them. The keys live here, in the app, because they open dialogs of several features.
 */
import { atom, useAtom, useAtomValue } from "jotai";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Dialog } from "../components/ui/dialog";
import { FindSlip, NewBetDialog } from "../features/bets";
import { PrintPaymentReceipt } from "../features/receipts";
import { CashMovementDialog } from "../features/transactions";
import { i18n, useT } from "../i18n";
import { canMutateAtom } from "../lib/session";
import "../i18n/areas/bets";

export type CounterAction = "new-bet" | "cash-bet" | "deposit" | "withdrawal" | "find-slip";

export interface CounterKey {
  /** KeyboardEvent.key */
  key: string;
  shift: boolean;
  /** As the keymap shows it. */
  label: string;
  action: CounterAction;
  /** What it opens, in the language showing now. */
  readonly title: string;
}

/**
 * The keymap. Only F2, F4, F9 and F10 are keys Chromium gives a page without a browser action
 * of its own on every desktop (F1 help, F3 find, F5 reload, F6 address bar, F7 caret browsing,
 * F11 full screen, F12 developer tools; F8 is the SPEC's toast key), so Withdrawal shares F9
 * with Deposit behind Shift: money in on F9, money out on Shift+F9.
 */
export const COUNTER_KEYS: CounterKey[] = [
  {
    key: "F2",
    shift: false,
    label: "F2",
    action: "new-bet",
    get title() {
      return i18n.t("bets.keys.newBet");
    },
  },
  // The bet dialog in Cash mode (issue 21, item 1): no customer, the stake into the till.
  {
    key: "F4",
    shift: false,
    label: "F4",
    action: "cash-bet",
    get title() {
      return i18n.t("bets.keys.cashBet");
    },
  },
  {
    key: "F9",
    shift: false,
    label: "F9",
    action: "deposit",
    get title() {
      return i18n.t("bets.keys.deposit");
    },
  },
  {
    key: "F9",
    shift: true,
    label: "Shift+F9",
    action: "withdrawal",
    get title() {
      return i18n.t("bets.keys.withdrawal");
    },
  },
  {
    key: "F10",
    shift: false,
    label: "F10",
    action: "find-slip",
    get title() {
      return i18n.t("bets.keys.findSlip");
    },
  },
];

/**
 * A counter key pressed outside the shell (the slip's page): the dialog the shell's keys open
 * once it is there. Per app (a jotai store); taken by the shell's keys when they mount.
 */
const pendingAtom = atom<CounterAction | null>(null);

/** The other keys the keymap lists (handled elsewhere: the dialogs, the toaster). */
const otherKeys = (): [string, string][] => [
  ["Esc", i18n.t("bets.keys.closeDialog")],
  ["F8", i18n.t("bets.keys.notifications")],
  ["?", i18n.t("bets.keys.showKeys")],
];

/** A field that takes typed text, where `?` is a character and not a command. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !["button", "checkbox", "radio", "submit", "reset", "range", "color", "file"].includes(
    target.type,
  );
}

/**
 * The first field of the newest open dialog that still waits for a value, so the cashier
 * types straight into it (the browser's own choice is the first control, which may be filled).
 */
function focusFirstEmpty() {
  const dialogs = document.querySelectorAll<HTMLDialogElement>("dialog[open]");
  const dialog = dialogs[dialogs.length - 1];
  if (!dialog) return;
  const fields = dialog.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea",
  );
  const empty = [...fields].find(
    (field) => !field.disabled && !field.readOnly && !field.closest("[hidden]") && !field.value,
  );
  empty?.focus();
}

/** Mounted with its lazily loaded dialog, after the dialog opened (a child's effect runs first). */
function FocusFirstEmpty({ children }: { children: ReactNode }) {
  useEffect(focusFirstEmpty, []);
  return children;
}

function Keymap({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Dialog onClose={onClose} title={t("bets.keys.title")}>
      <table className="table table-sm">
        <caption className="sr-only">{t("bets.keys.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("bets.keys.key")}</th>
            <th scope="col">{t("bets.keys.does")}</th>
          </tr>
        </thead>
        <tbody>
          {[...COUNTER_KEYS.map((k) => [k.label, k.title] as const), ...otherKeys()].map(
            ([key, what]) => (
              <tr key={key}>
                <td>
                  <kbd className="kbd kbd-sm">{key}</kbd>
                </td>
                <td>{what}</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          {t("bets.keys.close")}
        </button>
      </div>
    </Dialog>
  );
}

function FindSlipDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Dialog onClose={onClose} title={t("bets.findSlip.title")}>
      <p className="mb-2 text-sm">{t("bets.findSlip.help")}</p>
      <FindSlip
        onFound={onClose}
        showResult
        paymentReceipt={(payment, code) => (
          <Suspense fallback={null}>
            <PrintPaymentReceipt
              payment={payment}
              code={code}
              label={t("bets.findSlip.printReceipt")}
            />
          </Suspense>
        )}
      />
    </Dialog>
  );
}

/**
 * The key handler and whichever counter dialog a key opened (loaded after the first screen).
 * With `shellPath` (a screen outside the shell: the slip's page, whose print layout would
 * print a Find slip payment's receipt as the slip) a counter key goes to that page in the
 * shell, where the dialog opens; `?` shows the keymap in place.
 */
export default function CounterKeys({ shellPath }: { shellPath?: string }) {
  const canMutate = useAtomValue(canMutateAtom);
  const [open, setOpen] = useState<CounterAction | "keymap" | null>(null);
  const [pending, setPending] = useAtom(pendingAtom);
  const [, navigate] = useLocation();

  // A key pressed on the slip's page: its dialog opens here, in the shell.
  useEffect(() => {
    if (shellPath || !pending) return;
    setPending(null);
    if (canMutate) setOpen(pending);
  }, [shellPath, pending, setPending, canMutate]);

  useEffect(() => {
    if (!canMutate) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      const bound = COUNTER_KEYS.find((k) => k.key === event.key && k.shift === event.shiftKey);
      const keymap = event.key === "?" && !isTextField(event.target);
      if (!bound && !keymap) return;
      // Taken from the browser either way (F10 would otherwise focus its menu).
      event.preventDefault();
      if (event.repeat) return;
      // One dialog at a time: a key pressed inside an open dialog keeps its work.
      if (document.querySelector("dialog[open]")) return;
      if (bound && shellPath) {
        setPending(bound.action);
        navigate(shellPath);
        return;
      }
      setOpen(bound ? bound.action : "keymap");
    };
    window.addEventListener("keydown", onKey);
    // The handler loads after the first screen: this says it listens (tests wait for it).
    document.body.dataset.counterKeys = "on";
    return () => {
      window.removeEventListener("keydown", onKey);
      delete document.body.dataset.counterKeys;
    };
  }, [canMutate, shellPath, setPending, navigate]);

  if (!canMutate || open === null) return null;
  const close = () => setOpen(null);
  return (
    <Suspense fallback={null}>
      <FocusFirstEmpty>
        {open === "new-bet" && <NewBetDialog onClose={close} />}
        {open === "cash-bet" && <NewBetDialog payment="cash" onClose={close} />}
        {(open === "deposit" || open === "withdrawal") && (
          <CashMovementDialog kind={open} onClose={close} />
        )}
        {open === "find-slip" && <FindSlipDialog onClose={close} />}
        {open === "keymap" && <Keymap onClose={close} />}
      </FocusFirstEmpty>
    </Suspense>
  );
}
