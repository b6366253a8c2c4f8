import { afterEach, describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { JobDto } from "../../../../src/domain/dto";
import { JOB_ID, job } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
import { ExportDataPanel } from "./export-data";

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
