/** A correction's preview in words (issue 12), in English and German (issue 23). */
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, render, screen } from "@testing-library/react";
import type { CorrectionPreviewDto } from "../../../src/domain/dto";
import { applyLanguage } from "../../i18n";
import { balanceSentence, CorrectionPreview } from "./correction-preview";

const customer = {
  party: "CUSTOMER" as const,
  id: 3,
  name: "Ada Lovelace",
  beforeAmount: "0.00",
  afterAmount: "-1025.00",
  creditLimit: "1000.00",
};

const preview: CorrectionPreviewDto = {
  dryRun: true,
  rows: [
    {
      type: "WITHDRAWAL",
      amount: "1025.00",
      fromEntityType: "CUSTOMER",
      fromEntityId: 3,
      fromName: null,
      toEntityType: "SHOP",
      toEntityId: 2,
      toName: "Galway",
      description: null,
      betId: null,
      reversalOf: null,
      reason: null,
      shiftId: null,
    },
  ],
  balances: [customer],
  tills: [],
};

afterEach(() => {
  cleanup();
  applyLanguage("en");
});

describe("a correction's preview", () => {
  test("English: each balance in plain words, the credit limit's warning", () => {
    expect(balanceSentence(customer)).toEqual({
      text: "This takes the customer Ada Lovelace to -€1,025.00 (from €0.00).",
      warning: "Beyond the credit limit of €1,000.00.",
    });
    render(<CorrectionPreview preview={preview} />);
    expect(screen.getByText("Ledger rows it writes")).toBeTruthy();
    expect(screen.getByText(/from customer #3 to Galway/).textContent).toBe(
      "WITHDRAWAL €1,025.00 from customer #3 to Galway",
    );
  });

  test("German: the same facts in German, money the German way", () => {
    applyLanguage("de");
    expect(balanceSentence(customer)).toEqual({
      text: "Das bringt den Kunden Ada Lovelace auf -1.025,00\u00a0€ (von 0,00\u00a0€).",
      warning: "Über dem Kreditlimit von 1.000,00\u00a0€.",
    });
    expect(balanceSentence({ ...customer, party: "SHOP", creditLimit: null }).warning).toBe(
      "Die Kasse fällt unter null.",
    );
    render(<CorrectionPreview preview={preview} />);
    expect(screen.getByText("Buchungszeilen, die geschrieben werden")).toBeTruthy();
    // The type in German too (English shows the code, as above).
    expect(screen.getByText(/von Kunde #3 an Galway/).textContent).toBe(
      "Auszahlung 1.025,00\u00a0€ von Kunde #3 an Galway",
    );
  });

  test("a reversal counted in an open shift names its till's expected cash, in each language (decision 079)", () => {
    const till = {
      shiftId: 12,
      cashier: "user1",
      shop: "Galway",
      beforeAmount: "620.00",
      afterAmount: "120.00",
    };
    const { unmount } = render(<CorrectionPreview preview={{ ...preview, tills: [till] }} />);
    expect(screen.getByTestId("till-change").textContent).toBe(
      "This takes the expected cash of shift #12 (user1 at Galway, still open) to €120.00 (from €620.00).",
    );
    unmount();
    applyLanguage("de");
    render(<CorrectionPreview preview={{ ...preview, tills: [till] }} />);
    expect(screen.getByTestId("till-change").textContent).toBe(
      "Das bringt den Soll-Bestand der noch offenen Schicht #12 (user1 in Galway) auf 120,00\u00a0€ (von 620,00\u00a0€).",
    );
  });

  test("no till line when the correction counts in no open shift", () => {
    render(<CorrectionPreview preview={preview} />);
    expect(screen.queryByTestId("till-change")).toBeNull();
  });

  test("names are shown as they are written, never read as markup or entities", () => {
    const row = preview.rows[0] as CorrectionPreviewDto["rows"][number];
    render(
      <CorrectionPreview
        preview={{
          ...preview,
          rows: [{ ...row, fromName: "Tom &amp; Jerry", toName: "<amount>Quay</amount>" }],
        }}
      />,
    );
    const line = screen.getByText(/^from Tom/, { exact: false }).closest("li") as HTMLElement;
    expect(line.textContent).toBe(
      "WITHDRAWAL €1,025.00 from Tom &amp; Jerry to <amount>Quay</amount>",
    );
    // Only the text's own two tags became elements.
    expect(line.querySelectorAll("span").length).toBe(2);
  });
});
