import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, within } from "@testing-library/react";
import { userDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { bet } from "../../../test/fixtures";
import { page, renderWithProviders, user } from "../../../test/render";
import { BetsPanel } from "./bets-panel";

/** Bet 11 wins only (€20.00); bet 12 is €5.00 each-way at 5/1, 3 places 1/4, costing €10.00. */
const bets = page([
  bet(),
  bet({
    id: 12,
    description: "Red Rum each way",
    eachWay: { places: 3, fraction: "1/4" },
    stakeAmount: "5.00",
    totalStake: "10.00",
    odds: "6.00",
    price: "5/1",
    potentialPayout: "41.25",
  }),
]);

/** The stake each row of the panel shows, by its description. */
function stakes(): Record<string, string | null | undefined> {
  const rows = within(screen.getByRole("tabpanel")).getAllByRole("listitem");
  return Object.fromEntries(
    rows.map((row) => [
      row.querySelector(".truncate")?.textContent ?? "",
      row.querySelector(".font-semibold")?.textContent,
    ]),
  );
}

afterEach(() => {
  cleanup();
  applyLanguage("en");
});

describe("the dashboard's bets (decision 052)", () => {
  test("an each-way bet's unit stake is marked E/W, as in the Bets list; a win bet's is not", async () => {
    renderWithProviders(<BetsPanel />, "user", { "GET /api/bets": bets });
    await screen.findByText("Red Rum each way");
    expect(stakes()).toEqual({ "Arsenal to win": "€20.00", "Red Rum each way": "€5.00 E/W" });
  });

  test("in German too", async () => {
    renderWithProviders(<BetsPanel />, "user", {
      "GET /api/user": userDto.parse({ ...user("user"), language: "de" }),
      "GET /api/bets": bets,
    });
    await screen.findByRole("tab", { name: /^Offene Wetten/ });
    await screen.findByText("Red Rum each way");
    expect(stakes()).toEqual({
      "Arsenal to win": "20,00\u00a0€",
      "Red Rum each way": "5,00\u00a0€ E/W",
    });
  });
});
