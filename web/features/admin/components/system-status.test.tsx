/**
 * The System Status cards' lines wrap between words inside a narrow card (four to a row at
 * 1280 px): daisyUI's stat keeps each on one line, and "Last check: 11/27/2026, 8:05:12 AM
 * UTC" ran past the card's edge. The time itself stays on one line.
 */
import { describe, expect, test } from "bun:test";
import { screen, within } from "@testing-library/react";
import { formatDateTime } from "../../../lib/format";
import { health as healthReply } from "../../../test/fixtures";
import { renderWithProviders } from "../../../test/render";
import { SystemStatusCards } from "./system-status";

const health = healthReply({ lastCheck: "2026-11-27T08:05:12.000Z", activeSessions: 3 });

describe("the system status cards", () => {
  test("the last check's time is one unbroken <time>; every line may wrap", async () => {
    renderWithProviders(<SystemStatusCards />, "admin", { "GET /api/health": health });
    const card = await screen.findByRole("region", { name: "System Status" });
    const time = await within(card).findByText(formatDateTime(health.lastCheck));
    expect(time.tagName).toBe("TIME");
    expect(time.getAttribute("dateTime")).toBe(health.lastCheck);
    expect(time.className).toContain("whitespace-nowrap");
    const note = time.parentElement as HTMLElement;
    expect(note.textContent).toBe(`Last check: ${formatDateTime(health.lastCheck)}`);
    for (const line of card.querySelectorAll(".stat-title, .stat-value, .stat-desc")) {
      expect(line.className).toContain("whitespace-normal");
    }
  });
});
