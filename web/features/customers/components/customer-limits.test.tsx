import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "../../../i18n";
import { setBusinessTimeZone } from "../../../lib/time";
import { customer } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
import { CustomerLimitsPanel, SelfExclusionBanner } from "./customer-limits";
import CustomerLimitsDialog from "./customer-limits-dialog";

const limited = customer({
  maxStake: "50.00",
  dailyDepositLimit: "200.00",
  selfExcludedUntil: "2027-05-22T00:00:00.000Z",
  pendingLimits: {
    maxStake: { value: "100.00", appliesAt: "2027-05-21T10:00:00.000Z" },
    dailyDepositLimit: { value: null, appliesAt: "2027-05-21T10:00:00.000Z" },
    selfExcludedUntil: null,
  },
});

describe("the customer's limits (issue 12)", () => {
  test("the panel shows each limit in force and the changes pending", async () => {
    renderWithProviders(<CustomerLimitsPanel customer={limited} />, "user");
    const panel = screen.getByRole("region", { name: "Limits" });
    expect(within(panel).getByText("€50.00")).toBeTruthy();
    expect(within(panel).getByText("€200.00")).toBeTruthy();
    // The end in the app's locale (the test browser's en-US), not the API's ISO date.
    expect(within(panel).getByText("Until May 22, 2027")).toBeTruthy();
    expect(within(panel).getAllByText("Pending")).toHaveLength(2);
    expect(within(panel).getByText(/€100\.00 from/)).toBeTruthy();
    expect(within(panel).getByText(/No limit from/)).toBeTruthy();
    expect(await within(panel).findByRole("button", { name: "Set Limits" })).toBeTruthy();
  });

  test("no limits read None and No; a customer login has no Set Limits", async () => {
    renderWithProviders(<CustomerLimitsPanel customer={customer()} />, "customer");
    const panel = screen.getByRole("region", { name: "Limits" });
    expect(within(panel).getAllByText("None")).toHaveLength(2);
    expect(within(panel).getByText("No")).toBeTruthy();
    expect(within(panel).queryByText("Pending")).toBeNull();
    // The session arrives; the button stays away.
    await waitFor(() => expect(within(panel).queryByRole("button")).toBeNull());
  });

  test("the banner says the customer is self-excluded, and only then", () => {
    const { rerender } = renderWithProviders(<SelfExclusionBanner customer={limited} />, "user");
    expect(screen.getByRole("status").textContent).toContain(
      "Self-excluded until May 22, 2027. Bets and deposits are refused; withdrawals still work.",
    );
    rerender(<SelfExclusionBanner customer={customer()} />);
    expect(screen.queryByRole("status")).toBeNull();
  });

  test("the dialog reads money the European way, says what waits 24 hours and sends only changes", async () => {
    const ue = userEvent.setup();
    let closed = false;
    const { calls } = renderWithProviders(
      <CustomerLimitsDialog
        customer={customer({ maxStake: "50.00" })}
        onClose={() => (closed = true)}
      />,
      "user",
      { "PATCH /api/customers/:id": limited },
    );
    const stake = screen.getByLabelText("Max Stake (€)") as HTMLInputElement;
    expect(stake.value).toBe("50.00");
    await ue.clear(stake);
    await ue.type(stake, "1.000,50");
    expect(await screen.findByText("= €1,000.50")).toBeTruthy();
    expect(screen.getByText("Applies in 24 hours: max stake.")).toBeTruthy();
    await ue.type(screen.getByLabelText("Daily Deposit Limit (€)"), "100");
    await ue.click(screen.getByRole("button", { name: "Save Limits" }));
    await waitFor(() => expect(closed).toBe(true));
    // Sent as the literal the API reads (decision 038), whatever was typed.
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      maxStake: "1000.50",
      dailyDepositLimit: "100.00",
    });
  });

  test("a lower limit applies at once; a bad amount is refused before sending", async () => {
    const ue = userEvent.setup();
    const { calls } = renderWithProviders(
      <CustomerLimitsDialog customer={customer({ maxStake: "50.00" })} onClose={() => {}} />,
      "user",
    );
    const stake = screen.getByLabelText("Max Stake (€)");
    await ue.clear(stake);
    await ue.type(stake, "20");
    expect(screen.queryByText(/Applies in 24 hours/)).toBeNull();
    await ue.clear(stake);
    await ue.type(stake, "0");
    await ue.click(screen.getByRole("button", { name: "Save Limits" }));
    expect(await screen.findByText("Max stake must be at least 0.01")).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });
});

/**
 * The exclusion's end in the business zone (issue 23 item 1, decision 062): the date typed is
 * the date shown, prefilled and compared, as the server's refusal ("self-excluded until
 * 2027-05-22") tells it. The test process runs in UTC, so a zone-less reading shows.
 */
describe("the self-exclusion's end in the business time zone", () => {
  afterEach(() => setBusinessTimeZone("UTC"));

  // 2027-05-22 typed in Berlin (CEST, UTC+2) is stored as the instant its day starts.
  const berlin = customer({ selfExcludedUntil: "2027-05-21T22:00:00.000Z" });
  const dateField = () => screen.getByLabelText("Self-excluded Until") as HTMLInputElement;

  test("Berlin: the panel and the banner read the date typed, not the UTC day before", () => {
    setBusinessTimeZone("Europe/Berlin");
    renderWithProviders(
      <>
        <SelfExclusionBanner customer={berlin} />
        <CustomerLimitsPanel customer={berlin} />
      </>,
      "user",
    );
    const panel = screen.getByRole("region", { name: "Limits" });
    expect(within(panel).getByText("Until May 22, 2027")).toBeTruthy();
    expect(within(panel).queryByText(/May 21/)).toBeNull();
    expect(screen.getByRole("status").textContent).toContain("Self-excluded until May 22, 2027.");
  });

  test("Berlin: the dialog prefills the date typed, and only a shorter one waits 24 hours", async () => {
    setBusinessTimeZone("Europe/Berlin");
    renderWithProviders(<CustomerLimitsDialog customer={berlin} onClose={() => {}} />, "user");
    expect(dateField().value).toBe("2027-05-22");
    // A day earlier ends the exclusion sooner: a loosening, which waits.
    fireEvent.change(dateField(), { target: { value: "2027-05-21" } });
    expect(await screen.findByText("Applies in 24 hours: self-exclusion.")).toBeTruthy();
    // A day later protects more: at once.
    fireEvent.change(dateField(), { target: { value: "2027-05-23" } });
    await waitFor(() => expect(screen.queryByText(/Applies in 24 hours/)).toBeNull());
  });

  test("New York: an end at 22:00 local reads that day and time in the zone", async () => {
    setBusinessTimeZone("America/New_York");
    // 02:00 UTC on the 22nd is 22:00 on the 21st in New York (EDT, UTC-4): not a midnight.
    const late = customer({ selfExcludedUntil: "2027-05-22T02:00:00.000Z" });
    renderWithProviders(<CustomerLimitsPanel customer={late} />, "user");
    const panel = screen.getByRole("region", { name: "Limits" });
    expect(within(panel).getByText(/^Until May 21, 2027, 10:00\sPM (EDT|GMT-4)$/)).toBeTruthy();
  });

  test("New York: the dialog prefills the local date and compares typed dates at New York's midnight", async () => {
    setBusinessTimeZone("America/New_York");
    const late = customer({ selfExcludedUntil: "2027-05-22T02:00:00.000Z" });
    const { calls } = renderWithProviders(
      <CustomerLimitsDialog customer={late} onClose={() => {}} />,
      "user",
      { "PATCH /api/customers/:id": late },
    );
    expect(dateField().value).toBe("2027-05-21");
    // 2027-05-22 starts at 04:00 UTC in New York, after the end in force (02:00 UTC): a
    // longer exclusion, at once. Read as UTC midnight it would have looked shorter.
    fireEvent.change(dateField(), { target: { value: "2027-05-22" } });
    await waitFor(() => expect(dateField().value).toBe("2027-05-22"));
    expect(screen.queryByText(/Applies in 24 hours/)).toBeNull();
    // The 21st starts before 22:00 that day: shorter, so it waits.
    fireEvent.change(dateField(), { target: { value: "2027-05-20" } });
    expect(await screen.findByText("Applies in 24 hours: self-exclusion.")).toBeTruthy();
    fireEvent.change(dateField(), { target: { value: "2027-05-22" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Limits" }));
    // The date goes as typed; the server reads it in the same zone.
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
        selfExcludedUntil: "2027-05-22",
      }),
    );
  });
});

/**
 * The exclusion's end in German (issue 23, decision 063): the screens' own date in the
 * business zone ("22. Mai 2027"), never the API's "2027-05-22" nor "2027-05-21 22:00 EDT".
 */
describe("the self-exclusion's end in German", () => {
  afterEach(() => {
    cleanup();
    applyLanguage("en");
    setBusinessTimeZone("UTC");
  });

  test("Berlin: the panel and the banner read the German date typed", () => {
    setBusinessTimeZone("Europe/Berlin");
    applyLanguage("de");
    const berlin = customer({ selfExcludedUntil: "2027-05-21T22:00:00.000Z" });
    render(
      <>
        <SelfExclusionBanner customer={berlin} />
        <CustomerLimitsPanel customer={berlin} />
      </>,
    );
    const panel = screen.getByRole("region", { name: "Limits" });
    expect(within(panel).getByText("Bis 22. Mai 2027")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Selbstsperre bis 22. Mai 2027.");
    expect(document.body.textContent).not.toContain("2027-05-2");
  });

  test("New York: an end at 22:00 local reads its German date and time in the zone", () => {
    setBusinessTimeZone("America/New_York");
    applyLanguage("de");
    const late = customer({
      selfExcludedUntil: "2027-05-22T02:00:00.000Z",
      pendingLimits: {
        maxStake: null,
        dailyDepositLimit: null,
        selfExcludedUntil: {
          value: "2027-05-20T04:00:00.000Z",
          appliesAt: "2027-05-19T10:00:00.000Z",
        },
      },
    });
    render(<CustomerLimitsPanel customer={late} />);
    const panel = screen.getByRole("region", { name: "Limits" });
    expect(within(panel).getByText(/^Bis 21\. Mai 2027, 22:00 (GMT-4|EDT)$/)).toBeTruthy();
    // A pending shorter end: New York's midnight of the 20th, the day alone.
    expect(panel.textContent).toContain("Bis 20. Mai 2027");
  });
});
