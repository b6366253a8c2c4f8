/**
 * Export All Data keeps a keyboard or screen reader user's place (found in Chromium: the
 * focus fell to the page): the button pressed gives way to the progress and its Cancel, then
 * to the download link or the button again, and the focus goes with it.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { JobDto } from "../../../../src/domain/dto";
import { job } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
import { ExportDataPanel } from "./export-data";

const running = job({ kind: "export", progress: 0.25, phrase: "Exporting" });
const finished = job({
  kind: "export",
  state: "done",
  progress: 1,
  phrase: "Done",
  finishedAt: "2026-03-01T10:00:20.000Z",
  download: { fileName: "betting-shop-export-2026-03-01.json", sizeBytes: 1_468_006 },
});
const cancelled = job({
  kind: "export",
  state: "cancelled",
  finishedAt: "2026-03-01T10:00:05.000Z",
});

// The finished export saves itself through a temporary link: not followed in a test.
const realClick = HTMLAnchorElement.prototype.click;
afterEach(() => {
  HTMLAnchorElement.prototype.click = realClick;
});

/** The panel, the export answering `then` at the polls after the start. */
function exportPanel(then: () => JobDto[]) {
  HTMLAnchorElement.prototype.click = () => {};
  let started = false;
  renderWithProviders(<ExportDataPanel />, "admin", {
    "GET /api/admin/jobs": () => (started ? then() : []),
    "POST /api/admin/jobs": () => {
      started = true;
      return { status: 202, body: running };
    },
    "DELETE /api/admin/jobs/:id": cancelled,
  });
}

/** Export All Data pressed from the keyboard. */
async function pressExport(ue: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole("button", { name: "Export All Data" });
  act(() => button.focus());
  await ue.keyboard("{Enter}");
}

describe("Export All Data: the focus follows the button pressed", () => {
  test("to Cancel while the export runs, then to the download link", async () => {
    const ue = userEvent.setup();
    let polls = 0;
    exportPanel(() => (polls++ < 1 ? [running] : [finished]));
    await pressExport(ue);
    const cancel = await screen.findByRole("button", { name: "Cancel the export" });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    const link = await screen.findByRole("link", {
      name: "Download betting-shop-export-2026-03-01.json (1.4 MB)",
    });
    await waitFor(() => expect(document.activeElement).toBe(link));
  });

  test("cancelled, Export All Data has the focus again", async () => {
    const ue = userEvent.setup();
    exportPanel(() => [running]);
    await pressExport(ue);
    const cancel = await screen.findByRole("button", { name: "Cancel the export" });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await ue.keyboard("{Enter}");
    const button = await screen.findByRole("button", { name: "Export All Data" });
    expect(await screen.findByRole("status")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  test("a focus moved elsewhere meanwhile stays there", async () => {
    const ue = userEvent.setup();
    let polls = 0;
    exportPanel(() => (polls++ < 1 ? [running] : [finished]));
    const outside = document.createElement("button");
    outside.textContent = "Elsewhere";
    document.body.appendChild(outside);
    await pressExport(ue);
    await screen.findByRole("button", { name: "Cancel the export" });
    act(() => outside.focus());
    await screen.findByRole("link", { name: /^Download / });
    expect(document.activeElement).toBe(outside);
  });
});
