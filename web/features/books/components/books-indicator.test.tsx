import { describe, expect, test } from "bun:test";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BooksStatusDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { booksCheck, job } from "../../../test/fixtures";
import { englishAfterEach, renderWithProviders } from "../../../test/render";
import { BooksIndicator } from "./books-indicator";

const drift = {
  rule: "customer-balance",
  entityType: "CUSTOMER" as const,
  entityId: 7,
  message: "Customer #7 has a stored balance of €123.45 but its ledger gives €70.00",
};
const betRows = {
  rule: "bet-stake",
  entityType: "BET" as const,
  entityId: 9,
  message: "Bet #9 should have one BETTING row",
};
/** The verdict badge, once loaded. */
async function verdict(): Promise<HTMLElement> {
  const text = await screen.findByText(/Not yet checked|Books balance|discrepanc/);
  const badge = text.closest("p");
  if (!badge) throw new Error("no verdict badge");
  expect(badge.getAttribute("role")).toBe("status");
  return badge;
}

const red = booksCheck({ id: 2, ok: false, violations: [drift, betRows], violationCount: 2 });

describe("the books indicator", () => {
  test("before any check: not yet checked; Check now starts one and shows its progress", async () => {
    const ue = userEvent.setup();
    let status: BooksStatusDto = { last: null, running: null };
    const { calls } = renderWithProviders(<BooksIndicator />, "admin", {
      "GET /api/admin/books-status": () => status,
      "GET /api/admin/jobs": [],
      "POST /api/admin/jobs": () => {
        status = { last: null, running: job() };
        return { status: 202, body: status.running };
      },
    });
    expect((await verdict()).textContent).toBe("Not yet checked");
    await ue.click(screen.getByRole("button", { name: "Check now" }));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ kind: "ledger-check" });
    const bar = await screen.findByRole("progressbar", { name: "Books check progress" });
    expect(bar.getAttribute("value")).toBe("40");
    expect(screen.queryByRole("button", { name: "Check now" })).toBeNull();
    expect(screen.getByRole("button", { name: "Cancel the books check" })).toBeTruthy();
  });

  test("green when the books balance, with when and by whom (exact time in a time element)", async () => {
    renderWithProviders(<BooksIndicator />, "admin", {
      "GET /api/admin/books-status": { last: booksCheck({ startedBy: "schedule" }), running: null },
      "GET /api/admin/jobs": [],
    });
    const badge = await verdict();
    expect(badge.textContent).toContain("Books balance");
    expect(badge.className).toContain("badge-success");
    const time = document.querySelector("time");
    expect(time?.getAttribute("datetime")).toBe("2026-03-01T10:00:20.000Z");
    expect(screen.getByText(/^Checked .* on schedule$/)).toBeTruthy();
  });

  test("red with each discrepancy, a link to its entity and a Recalculate that checks again", async () => {
    const ue = userEvent.setup();
    let status: BooksStatusDto = { last: red, running: null };
    const { calls } = renderWithProviders(<BooksIndicator />, "admin", {
      "GET /api/admin/books-status": () => status,
      "GET /api/admin/jobs": [],
      "POST /api/admin/recalculate-balance": () => ({
        entityType: "CUSTOMER",
        entityId: 7,
        balance: "70.00",
        previousBalance: "123.45",
        drift: "-53.45",
      }),
      "POST /api/admin/jobs": () => {
        // The check after the recalculation finds the books balanced.
        status = {
          last: booksCheck({ id: 3, checkedAt: "2026-03-01T10:05:00.000Z" }),
          running: null,
        };
        return { status: 202, body: job({ state: "done", progress: 1, finishedAt: null }) };
      },
    });
    const badge = await verdict();
    expect(badge.textContent).toContain("2 discrepancies");
    expect(badge.className).toContain("badge-error");
    const list = screen.getByRole("list", { name: "Discrepancies" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      `${drift.message}OpenRecalculate`,
      `${betRows.message}Open`,
    ]);
    expect(screen.getByRole("link", { name: "Open customer #7" }).getAttribute("href")).toBe(
      "/customers/7",
    );
    expect(screen.getByRole("link", { name: "Open bet #9" }).getAttribute("href")).toBe("/bets/9");
    // Only a balance drift has a recalculation.
    expect(screen.getAllByRole("button", { name: /^Recalculate/ })).toHaveLength(1);

    await ue.click(screen.getByRole("button", { name: "Recalculate the balance of customer #7" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
        ["/api/admin/recalculate-balance", { entityType: "CUSTOMER", entityId: 7 }],
        ["/api/admin/jobs", { kind: "ledger-check" }],
      ]),
    );
    await waitFor(() =>
      expect(screen.getByText(/Books balance|discrepanc/).textContent).toContain("Books balance"),
    );
    expect(screen.queryByRole("list", { name: "Discrepancies" })).toBeNull();
  });

  test("says when only the first discrepancies are listed", async () => {
    renderWithProviders(<BooksIndicator />, "admin", {
      "GET /api/admin/books-status": {
        last: booksCheck({ ok: false, violations: [drift], violationCount: 250 }),
        running: null,
      },
      "GET /api/admin/jobs": [],
    });
    expect((await verdict()).textContent).toContain("250 discrepancies");
    expect(screen.getByText("Showing the first 1; more were found.")).toBeTruthy();
  });

  test("a check that failed after the last result shows why", async () => {
    renderWithProviders(<BooksIndicator />, "admin", {
      "GET /api/admin/books-status": { last: booksCheck(), running: null },
      "GET /api/admin/jobs": [
        job({ state: "failed", error: "disk I/O error", finishedAt: "2026-03-01T11:00:00.000Z" }),
      ],
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Failed: disk I/O error");
  });
});

describe("the books indicator: the focus follows Check now", () => {
  test("to the check's Cancel while it runs, and back to Check now once it is done", async () => {
    const ue = userEvent.setup();
    let status: BooksStatusDto = { last: null, running: null };
    renderWithProviders(<BooksIndicator />, "admin", {
      "GET /api/admin/books-status": () => status,
      "GET /api/admin/jobs": [],
      "POST /api/admin/jobs": () => {
        status = { last: null, running: job() };
        return { status: 202, body: status.running };
      },
    });
    await verdict();
    // Keyboard only: the button pressed gives way to the progress, then comes back.
    const checkNow = screen.getByRole("button", { name: "Check now" });
    act(() => checkNow.focus());
    await ue.keyboard("{Enter}");
    const cancel = await screen.findByRole("button", { name: "Cancel the books check" });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    status = { last: booksCheck(), running: null };
    const again = await screen.findByRole("button", { name: "Check now" });
    expect((await verdict()).textContent).toContain("Books balance");
    await waitFor(() => expect(document.activeElement).toBe(again));
  });
});

describe("the books indicator in German (issue 23)", () => {
  englishAfterEach();

  test("the verdict's plural, when and by whom, and the entity's name", async () => {
    renderWithProviders(<BooksIndicator />, "admin", {
      "GET /api/admin/books-status": { last: red, running: null },
      "GET /api/admin/jobs": [],
    });
    await verdict();
    act(() => applyLanguage("de"));
    const badge = await screen.findByText(/Abweichungen/);
    expect(badge.closest("p")?.textContent).toContain("2 Abweichungen");
    expect(screen.getByText(/^Geprüft vor \d+ Tagen \(.*\) von admin$/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Kunde #7 öffnen" })).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Kontostand von Kunde #7 neu berechnen" }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Jetzt prüfen" })).toBeTruthy();
  });

  test("just now after a word reads lower case in German; the username as it is written", async () => {
    const now = new Date().toISOString();
    renderWithProviders(<BooksIndicator />, "admin", {
      "GET /api/admin/books-status": {
        last: booksCheck({ checkedAt: now, startedBy: "Tom &amp; Jerry" }),
        running: null,
      },
      "GET /api/admin/jobs": [],
    });
    expect(await screen.findByText(/^Checked Just now \(.*\) by Tom &amp; Jerry$/)).toBeTruthy();
    act(() => applyLanguage("de"));
    expect(
      await screen.findByText(/^Geprüft gerade eben \(.*\) von Tom &amp; Jerry$/),
    ).toBeTruthy();
  });
});
