/**
 * Issue 13: each list's Export CSV link is the list's own call for the current view (search,
 * filters, sort) with format=csv and without the page, so the file holds every matching row.
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import { bet, shop } from "../../test/fixtures";
import { page, renderApp } from "../../test/render";
import { csvExportHref } from "./csv-export-link";

/** The link's path and its query as a sorted list of pairs. */
async function exportLink() {
  const link = (await screen.findByRole("link", { name: "Export CSV" })) as HTMLAnchorElement;
  expect(link.hasAttribute("download")).toBe(true);
  const url = new URL(link.getAttribute("href") ?? "", "http://localhost");
  return { path: url.pathname, query: [...url.searchParams.entries()].sort() };
}

describe("Export CSV", () => {
  test("the bets link carries the view's search, filters and sort, not its page", async () => {
    const { calls } = renderApp(
      "/bets?q=galway&status=WON&sort=stakeAmount&order=desc&page=2",
      "user",
      {
        "GET /api/bets": page([bet({ id: 1, description: "Galway to win", status: "WON" })], 60),
        "GET /api/shops": page([shop({ id: 4, name: "Cork" })]),
      },
    );
    await waitFor(() => expect(calls.some((c) => c.path === "/api/bets")).toBe(true));
    const { path, query } = await exportLink();
    expect(path).toBe("/api/bets");
    expect(query).toEqual([
      ["format", "csv"],
      ["order", "desc"],
      ["q", "galway"],
      ["sort", "stakeAmount"],
      ["status", "WON"],
    ]);
    // The same view as the list's own call, paging aside.
    const listCall = calls.filter((c) => c.path === "/api/bets").at(-1);
    const view = [...(listCall?.search.entries() ?? [])]
      .filter(([key]) => key !== "limit" && key !== "offset")
      .concat([["format", "csv"]])
      .sort();
    expect(query).toEqual(view);
  });

  test("customers, shops and the ledger have theirs", async () => {
    for (const [route, list] of [
      ["/customers?status=ACTIVE", "/api/customers"],
      ["/shops?sort=name&order=desc", "/api/shops"],
      ["/transactions?type=DEPOSIT", "/api/transactions"],
    ] as const) {
      const { unmount } = renderApp(route, "admin", {
        "GET /api/customers": page([]),
        "GET /api/shops": page([]),
        "GET /api/transactions": page([]),
      });
      const { path, query } = await exportLink();
      expect(path).toBe(list);
      expect(query).toContainEqual(["format", "csv"]);
      expect(query.map(([key]) => key)).not.toContain("limit");
      unmount();
    }
  });

  test("csvExportHref drops the paging and adds format=csv", () => {
    expect(
      csvExportHref("listBets", { limit: 25, offset: 50, q: "a b", status: "WON" }, "en-IE"),
    ).toBe("/api/bets?q=a+b&status=WON&format=csv");
  });

  test("a decimal-comma locale asks for the `;`-separated file with decimal commas", () => {
    for (const locale of ["de-DE", "fr-FR", "es-ES"]) {
      expect(csvExportHref("listTransactions", { type: "DEPOSIT" }, locale)).toBe(
        "/api/transactions?type=DEPOSIT&format=csv&decimal=comma",
      );
    }
    for (const locale of ["en-US", "en-IE", "ja-JP"]) {
      expect(csvExportHref("listTransactions", {}, locale)).toBe("/api/transactions?format=csv");
    }
  });
});
