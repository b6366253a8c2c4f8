import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ResettlementDto } from "../../../../src/domain/dto";
import { bet } from "../../../test/fixtures";
import { blurAsChromium, holdNext } from "../../../test/hold";
import { renderWithProviders } from "../../../test/render";
import type { Bet } from "../api/types";
import ResettleBetDialog from "./resettle-bet-dialog";

const won = bet({ status: "WON", actualPayout: "25.00", potentialPayout: "25.00" }) as Bet;
/** The settlement the dialog was shown with, named in every call (decision 094). */
const seen = { status: "WON", deadHeat: null, rule4Deduction: null };

/** What the server answers: the dry run (dryRun true) and the real one (false) agree. */
function answer(dryRun: boolean): ResettlementDto {
  return {
    dryRun,
    bet: bet({ status: "LOST", actualPayout: "0.00" }),
    rows: [
      {
        type: "PAYOUT",
        amount: "25.00",
        fromEntityType: "CUSTOMER",
        fromEntityId: 7,
        fromName: "Ada Lovelace",
        toEntityType: "SHOP",
        toEntityId: 3,
        toName: "Main Street",
        description: "Correction of #12: bet #11 re-settled WON to LOST",
        betId: 11,
        reversalOf: 12,
        reason: "Wrong result entered",
        shiftId: null,
      },
    ],
    balances: [
      {
        party: "CUSTOMER",
        id: 7,
        name: "Ada Lovelace",
        beforeAmount: "0.00",
        afterAmount: "-25.00",
        creditLimit: "10.00",
      },
    ],
    tills: [],
  };
}

describe("re-settling a bet (issue 12)", () => {
  test("asks for a reason, shows the dry run in plain words, and writes only on confirmation", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <ResettleBetDialog bet={won} onClose={() => {}} />,
      "admin",
      {
        "POST /api/admin/bets/:id/resettle": ({ body }: { body: { dryRun: boolean } }) =>
          answer(body.dryRun),
      },
    );
    const posts = () => calls.filter((c) => c.method === "POST");
    // The outcomes offered are the other two, Lost first, then Won again for new terms
    // (a dead heat or Rule 4, decision 084).
    const select = screen.getByLabelText("New outcome") as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(["LOST", "VOID", "WON"]);
    expect(select.value).toBe("LOST");
    await ue.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Reason is required for a re-settlement")).toBeTruthy();
    expect(posts()).toHaveLength(0);

    await ue.type(screen.getByLabelText("Reason for the correction *"), "Photo finish misread");
    await ue.click(screen.getByRole("button", { name: "Preview" }));
    expect(
      await screen.findByText("This takes the customer Ada Lovelace to -€25.00 (from €0.00)."),
    ).toBeTruthy();
    expect(screen.getByText("Beyond the credit limit of €10.00.")).toBeTruthy();
    expect(posts().map((c) => c.body)).toEqual([
      { status: "LOST", reason: "Photo finish misread", from: seen, dryRun: true },
    ]);
    expect(posts()[0]?.headers["Idempotency-Key"]).toBeUndefined();

    await ue.click(screen.getByRole("button", { name: "Confirm re-settlement" }));
    expect(await screen.findByText("Bet #11 re-settled as LOST")).toBeTruthy();
    const real = posts()[1];
    expect(real?.body).toEqual({
      status: "LOST",
      reason: "Photo finish misread",
      from: seen,
      dryRun: false,
    });
    expect(real?.headers["Idempotency-Key"]).toBeTruthy();
  });

  test("a bet settled otherwise since the preview: the confirmation is refused and the form comes back", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <ResettleBetDialog bet={won} onClose={() => {}} />,
      "admin",
      {
        "POST /api/admin/bets/:id/resettle": ({ body }: { body: { dryRun: boolean } }) =>
          body.dryRun
            ? answer(true)
            : {
                status: 409,
                body: {
                  message:
                    "Bet #11 has been settled again since it was shown: it is now VOID; preview the re-settlement again",
                  code: "CONFLICT",
                  reason: "RESETTLE_CHANGED",
                  params: { betId: 11, status: "VOID" },
                },
              },
      },
    );
    await ue.type(screen.getByLabelText("Reason for the correction *"), "Photo finish misread");
    await ue.click(screen.getByRole("button", { name: "Preview" }));
    await ue.click(await screen.findByRole("button", { name: "Confirm re-settlement" }));
    // Back on the form, saying why; nothing was written, and a new preview is asked for.
    expect(await screen.findByLabelText("New outcome")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(
      "Bet #11 has been settled again since it was shown: it is now VOID; preview the re-settlement again",
    );
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => (c.body as { from: unknown }).from)).toEqual([seen, seen]);
    await ue.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByRole("button", { name: "Confirm re-settlement" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("Void needs its own reason; a refusal from the server is shown in the dialog", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <ResettleBetDialog bet={won} onClose={() => {}} />,
      "admin",
      {
        "POST /api/admin/bets/:id/resettle": {
          status: 409,
          body: { message: "Bet #11 is already VOID", code: "CONFLICT" },
        },
      },
    );
    await ue.selectOptions(screen.getByLabelText("New outcome"), "VOID");
    await ue.type(screen.getByLabelText("Reason for the correction *"), "Abandoned");
    await ue.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Please provide a reason for voiding this bet")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await ue.type(screen.getByLabelText("Reason for voiding this bet *"), "Race abandoned");
    await ue.click(screen.getByRole("button", { name: "Preview" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bet #11 is already VOID");
    expect(screen.queryByRole("button", { name: "Confirm re-settlement" })).toBeNull();
  });

  test("the preview takes the focus from the Preview button it replaced; Back gives it to the form", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<ResettleBetDialog bet={won} onClose={() => {}} />, "admin", {
      "POST /api/admin/bets/:id/resettle": ({ body }: { body: { dryRun: boolean } }) =>
        answer(body.dryRun),
    });
    await ue.type(screen.getByLabelText("Reason for the correction *"), "Photo finish misread");
    // Keyboard only: Tab to Preview, Enter. The button is gone once the preview shows.
    await ue.tab();
    expect(document.activeElement?.textContent).toBe("Cancel");
    await ue.tab();
    expect(document.activeElement?.textContent).toBe("Preview");
    await ue.keyboard("{Enter}");
    const summary = await screen.findByTestId("resettle-summary");
    await waitFor(() => expect(document.activeElement).toBe(summary));
    // From the summary, Tab reaches Back, then Confirm.
    await ue.tab();
    expect(document.activeElement?.textContent).toBe("Back");
    await ue.tab();
    expect(document.activeElement?.textContent).toBe("Confirm re-settlement");
    await ue.tab({ shift: true });
    await ue.keyboard("{Enter}");
    const outcome = await screen.findByLabelText("New outcome");
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(
      (screen.getByLabelText("Reason for the correction *") as HTMLTextAreaElement).value,
    ).toBe("Photo finish misread");
  });

  test("a preview the server refuses gives the focus back to Preview, not to the page", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<ResettleBetDialog bet={won} onClose={() => {}} />, "admin", {
      "POST /api/admin/bets/:id/resettle": {
        status: 409,
        body: { message: "Bet #11 was re-settled meanwhile", code: "CONFLICT" },
      },
    });
    await ue.type(screen.getByLabelText("Reason for the correction *"), "Photo finish misread");
    const release = holdNext("POST");
    const button = screen.getByRole<HTMLButtonElement>("button", { name: "Preview" });
    await ue.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    blurAsChromium(button);
    expect(document.activeElement).toBe(document.body);
    release();
    expect((await screen.findByRole("alert")).textContent).toBe("Bet #11 was re-settled meanwhile");
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
