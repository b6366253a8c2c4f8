import { afterEach, describe, expect, test } from "bun:test";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { JobDto } from "../../../../src/domain/dto";
import { applyLanguage } from "../../../i18n";
import { JOB_ID, job } from "../../../test/fixtures";
import { englishAfterEach, renderWithProviders } from "../../../test/render";
import { ExportDataPanel } from "./export-data";
import { JobProgress } from "./jobs";

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

describe("Export All Data panel", () => {
  test("runs the export as a job, then saves the file and toasts, and keeps a link", async () => {
    const ue = userEvent.setup();
    const saved: string[] = [];
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(`${this.getAttribute("href")} as ${this.download}`);
    };
    const running = job({
      kind: "export",
      progress: 0.25,
      step: "export-rows",
      stepParams: { table: "bets", done: 1, total: 4 },
      phrase: "Exporting bets: 1 of 4 rows",
    });
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
    expect(screen.getByText(/· Exporting bets: 1 of 4 rows$/)).toBeTruthy();

    const link = await screen.findByRole(
      "link",
      { name: "Download betting-shop-export-2026-03-01.json (1.4 MB)" },
      { timeout: 30_000 },
    );
    expect(link.getAttribute("href")).toBe(`/api/admin/jobs/${JOB_ID}/download`);
    await waitFor(() =>
      expect(saved).toEqual([
        `/api/admin/jobs/${JOB_ID}/download as betting-shop-export-2026-03-01.json`,
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

describe("a job's progress in German", () => {
  englishAfterEach();

  test("the export's step is German, its counts in the German way", async () => {
    const running = job({
      kind: "export",
      progress: 0.3086,
      step: "export-rows",
      stepParams: { table: "bet_settlements", done: 12_345, total: 40_000 },
      phrase: "Exporting bet settlements: 12,345 of 40,000 rows",
    });
    renderWithProviders(<ExportDataPanel />, "admin", { "GET /api/admin/jobs": [running] });
    await screen.findByRole("progressbar", { name: "Export progress" });
    act(() => applyLanguage("de"));
    const bar = await screen.findByRole("progressbar", { name: "Fortschritt: Export" });
    expect(bar.getAttribute("value")).toBe("31");
    const text = screen.getByText(/Wettabrechnungen/);
    expect(text.textContent).toBe(
      "31\u00a0% · Exportiere Wettabrechnungen: 12.345 von 40.000 Zeilen",
    );
    expect(screen.getByRole("button", { name: "Export abbrechen" })).toBeTruthy();
  });

  test("each step of the books check is German; an unknown step shows the server's words", () => {
    const steps: [Partial<JobDto>, string][] = [
      [{ step: "starting", phrase: "Starting", progress: 0 }, "0\u00a0% · Starte"],
      [
        { step: "books-balances", phrase: "Comparing stored balances with the ledger" },
        "40\u00a0% · Vergleiche gespeicherte Kontostände mit den Buchungen",
      ],
      [
        { step: "books-bets", phrase: "Checking each bet against its ledger rows" },
        "40\u00a0% · Prüfe jede Wette gegen ihre Buchungen",
      ],
      [{ step: "done", phrase: "Done", progress: 1 }, "100\u00a0% · Fertig"],
      [
        { step: "newer-step", phrase: "Doing something newer" },
        "40\u00a0% · Doing something newer",
      ],
    ];
    for (const [over, expected] of steps) {
      const view = renderWithProviders(
        <JobProgress job={job({ stepParams: {}, ...over })} label="Buchprüfung" />,
        "admin",
      );
      act(() => applyLanguage("de"));
      expect(view.container.querySelector("[aria-live]")?.textContent).toBe(expected);
      view.unmount();
    }
  });
});
