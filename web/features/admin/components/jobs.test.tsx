import { afterEach, describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { JobDto } from "../../../../src/domain/dto";
import { renderWithProviders } from "../../../test/render";
import { BooksCheckPanel, ExportDataPanel } from "./jobs";

const ID = "3f2b7c1e-8a4d-4e6f-9b0a-1c2d3e4f5a6b";

function job(over: Partial<JobDto> = {}): JobDto {
  return {
    id: ID,
    kind: "ledger-check",
    state: "running",
    progress: 0.4,
    phrase: "Checking each bet against its ledger rows",
    startedBy: "admin",
    createdAt: "2026-03-01T10:00:00.000Z",
    startedAt: "2026-03-01T10:00:00.000Z",
    finishedAt: null,
    error: null,
    result: null,
    download: null,
    ...over,
  };
}

const done = (over: Partial<JobDto>) =>
  job({
    state: "done",
    progress: 1,
    phrase: "Done",
    finishedAt: "2026-03-01T10:00:20.000Z",
    ...over,
  });

const realClick = HTMLAnchorElement.prototype.click;
afterEach(() => {
  HTMLAnchorElement.prototype.click = realClick;
});

describe("Check the Books panel", () => {
  test("starts the check, shows its progress bar and phrase, and cancels it", async () => {
    const ue = userEvent.setup();
    let current: JobDto | null = null;
    const { calls } = renderWithProviders(<BooksCheckPanel />, "admin", {
      "GET /api/admin/jobs": () => (current ? [current] : []),
      "POST /api/admin/jobs": () => {
        current = job();
        return { status: 202, body: current };
      },
      "DELETE /api/admin/jobs/:jobId": () => {
        current = job({ state: "cancelled", finishedAt: "2026-03-01T10:00:05.000Z" });
        return current;
      },
    });
    await ue.click(await screen.findByRole("button", { name: "Check the Books" }));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ kind: "ledger-check" });

    const bar = await screen.findByRole("progressbar", { name: "Books check progress" });
    expect(bar.getAttribute("value")).toBe("40");
    expect(screen.getByText("40% · Checking each bet against its ledger rows")).toBeTruthy();
    // The start button gives way to Cancel while the check runs.
    expect(screen.queryByRole("button", { name: "Check the Books" })).toBeNull();

    await ue.click(screen.getByRole("button", { name: "Cancel the books check" }));
    expect(calls.some((c) => c.method === "DELETE" && c.path === `/api/admin/jobs/${ID}`)).toBe(
      true,
    );
    expect(await screen.findByText(/^Cancelled/)).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("button", { name: "Check the Books" })).toBeTruthy();
  });

  test("a balanced result says so", async () => {
    renderWithProviders(<BooksCheckPanel />, "admin", {
      "GET /api/admin/jobs": [
        done({
          result: {
            ok: true,
            checkedAt: "2026-03-01T10:00:20.000Z",
            violations: [],
            truncated: false,
          },
        }),
      ],
    });
    const status = await screen.findByRole("status");
    expect(status.textContent).toContain("The books balance: no differences");
  });

  test("differences are listed, and a truncated report says more were left out", async () => {
    renderWithProviders(<BooksCheckPanel />, "admin", {
      "GET /api/admin/jobs": [
        done({
          result: {
            ok: false,
            checkedAt: "2026-03-01T10:00:20.000Z",
            truncated: true,
            violations: [
              {
                rule: "customer-balance",
                entityType: "CUSTOMER",
                entityId: 7,
                message: "Customer #7 has a stored balance of €10.01 but its ledger gives €10.00",
              },
              {
                rule: "bet-stake",
                entityType: "BET",
                entityId: 9,
                message: "Bet #9 should have one BETTING row",
              },
            ],
          },
        }),
      ],
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("2+ differences found");
    expect(
      within(alert)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Customer #7 has a stored balance of €10.01 but its ledger gives €10.00",
      "Bet #9 should have one BETTING row",
    ]);
    expect(alert.textContent).toContain("More differences were left out of this report.");
  });

  test("a failed check shows why", async () => {
    renderWithProviders(<BooksCheckPanel />, "admin", {
      "GET /api/admin/jobs": [job({ state: "failed", error: "disk I/O error" })],
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Failed: disk I/O error");
  });
});

describe("Export All Data panel", () => {
  test("runs the export as a job, then saves the file and toasts, and keeps a link", async () => {
    const ue = userEvent.setup();
    const saved: string[] = [];
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(`${this.getAttribute("href")} as ${this.download}`);
    };
    const running = job({ kind: "export", progress: 0.25, phrase: "Exporting bets: 1 of 4 rows" });
    const finished = done({
      kind: "export",
      download: { fileName: "betting-shop-export-2026-03-01.json", sizeBytes: 1_468_006 },
    });
    let polls = 0;
    let started = false;
    renderWithProviders(<ExportDataPanel />, "admin", {
      // Running at the first poll after the start, done at the next.
      "GET /api/admin/jobs": () => (!started ? [] : polls++ < 1 ? [running] : [finished]),
      "POST /api/admin/jobs": () => {
        started = true;
        return { status: 202, body: running };
      },
    });
    await ue.click(await screen.findByRole("button", { name: "Export All Data" }));
    const bar = await screen.findByRole("progressbar", { name: "Export progress" });
    expect(bar.getAttribute("value")).toBe("25");
    expect(screen.getByRole("button", { name: "Cancel the export" })).toBeTruthy();

    const link = await screen.findByRole(
      "link",
      { name: "Download betting-shop-export-2026-03-01.json (1.4 MB)" },
      { timeout: 5000 },
    );
    expect(link.getAttribute("href")).toBe(`/api/admin/jobs/${ID}/download`);
    await waitFor(() =>
      expect(saved).toEqual([
        `/api/admin/jobs/${ID}/download as betting-shop-export-2026-03-01.json`,
      ]),
    );
    expect(await screen.findByText("Data export downloaded successfully")).toBeTruthy();
  });

  test("an export finished earlier is offered as a link, without saving it again", async () => {
    const saved: string[] = [];
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.href);
    };
    renderWithProviders(<ExportDataPanel />, "admin", {
      "GET /api/admin/jobs": [
        done({
          kind: "export",
          download: { fileName: "betting-shop-export-2026-03-01.json", sizeBytes: 512 },
        }),
      ],
    });
    expect(
      await screen.findByRole("link", {
        name: "Download betting-shop-export-2026-03-01.json (512 B)",
      }),
    ).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
