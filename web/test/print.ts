/**
 * Printing in web tests (receipts and slips, decision 053): window.print stubbed, the receipt
 * in the print container, and the receipt a success state offers.
 */
import { afterEach, beforeEach, expect } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";

/**
 * Stubs window.print for each test of the file (or describe block) that calls it, restoring it
 * after. The list it returns gets one entry a print, emptied before each test: what `record`
 * saw on the page at that print (true when not given).
 */
export function stubPrint(): true[];
export function stubPrint<T>(record: () => T): T[];
export function stubPrint(record: () => unknown = () => true): unknown[] {
  const prints: unknown[] = [];
  const original = window.print;
  beforeEach(() => {
    prints.length = 0;
    window.print = () => {
      prints.push(record());
    };
  });
  afterEach(() => {
    window.print = original;
  });
  return prints;
}

/** The receipt in the print container (a child of <body>), if any. */
export const printed = () => document.querySelector<HTMLElement>(".receipt-print-root .receipt");

/**
 * The "Receipt" region a success state offers, once its Print is ready. Call it before the click
 * that records the movement: the answer, then the shop's, land while the test waits.
 */
export function receiptOffered(): Promise<HTMLElement> {
  return waitFor(() => {
    const region = screen.getByRole("region", { name: "Receipt" });
    const print = within(region).getByRole("button", { name: "Print receipt" });
    expect(print.dataset.ready).toBe("true");
    return region;
  });
}
