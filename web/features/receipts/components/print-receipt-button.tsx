import { type ReactNode, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useT } from "../../../i18n";
import "../../../i18n/areas/receipts";

/**
 * The print-only container (decision 053, after decision 031's slip page): a child of
 * <body> that the screen never shows and that print shows alone, 80 mm wide on an 80 mm
 * roll. Every other child of <body> (the app, the toasts) is left out of the print.
 */
export const PRINT_ROOT_CLASS = "receipt-print-root";
const PRINT_CSS = `
.${PRINT_ROOT_CLASS} { display: none; }
@media print {
  @page { size: 80mm 200mm; margin: 0; }
  html, body { background: #fff !important; }
  body > :not(.${PRINT_ROOT_CLASS}) { display: none !important; }
  .${PRINT_ROOT_CLASS} { display: block !important; }
  .${PRINT_ROOT_CLASS} .receipt { width: 80mm !important; max-width: none !important;
    margin: 0; border: 0 !important; border-radius: 0; box-shadow: none !important;
    font-size: 10pt; }
}
`;

/** Another button starting a print takes the container over: one receipt prints at a time. */
const TAKE_OVER = "receipts:print";

interface Job {
  n: number;
  duplicate: boolean;
}

/**
 * A Print button for a receipt. The first press prints the original, unless `duplicate`
 * (every print but the success state's, decision 053); every later press of the same button
 * prints DUPLICATE: a printer cannot say whether paper came out, so the first press is the
 * original. `children` renders the receipt for a print, told whether it is a duplicate.
 */
export function PrintReceiptButton({
  children: render,
  duplicate = false,
  label,
  className = "btn btn-primary btn-sm",
  onPrint,
  ready = true,
}: {
  children: (duplicate: boolean) => ReactNode;
  duplicate?: boolean;
  /** Defaults to "Print receipt", then "Reprint (DUPLICATE)". */
  label?: string;
  className?: string;
  onPrint?: (duplicate: boolean) => void;
  /** False while the receipt's details (the shop's address) are still being read. */
  ready?: boolean;
}) {
  const [printed, setPrinted] = useState(0);
  const [job, setJob] = useState<Job | null>(null);
  const next = duplicate || printed > 0;
  const t = useT();

  // The receipt is in the page when the print dialog opens; it leaves after the print.
  useEffect(() => {
    if (!job) return;
    window.print();
  }, [job]);
  useEffect(() => {
    const done = () => setJob(null);
    window.addEventListener("afterprint", done);
    window.addEventListener(TAKE_OVER, done);
    return () => {
      window.removeEventListener("afterprint", done);
      window.removeEventListener(TAKE_OVER, done);
    };
  }, []);

  return (
    <>
      <button
        type="button"
        className={className}
        data-duplicate={next ? "true" : "false"}
        data-ready={ready ? "true" : "false"}
        onClick={() => {
          window.dispatchEvent(new Event(TAKE_OVER));
          setJob({ n: printed + 1, duplicate: next });
          setPrinted(printed + 1);
          onPrint?.(next);
        }}
      >
        {label ?? (next ? t("receipts.reprint") : t("receipts.print"))}
      </button>
      {job &&
        createPortal(
          <div className={PRINT_ROOT_CLASS} data-testid="receipt-print">
            <style>{PRINT_CSS}</style>
            {render(job.duplicate)}
          </div>,
          document.body,
        )}
    </>
  );
}
