import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { page, renderApp } from "../../../test/render";

const health = {
  systemStatus: "operational",
  databaseStatus: "connected",
  databaseLatency: 1,
  lastCheck: "2026-01-01T00:00:00Z",
  activeSessions: 1,
  uptime: 60,
};

function renderAdmin(replication: unknown) {
  return renderApp("/admin", "admin", {
    "GET /api/health": { ...health, replication },
    "GET /api/admin/users": page([]),
    "GET /api/admin/backups": page([]),
    "GET /api/admin/tokens": page([]),
    "GET /api/settings": {
      largeAmount: "1000.00",
      creditLimitCap: "1000.00",
      backupIntervalHours: null,
    },
  });
}

/** The value of one row of the Replication panel. */
async function row(name: string): Promise<string> {
  const panel = await screen.findByRole("region", { name: "Replication" });
  const term = await within(panel).findByText(name, { selector: "dt" });
  return term.nextElementSibling?.textContent ?? "";
}

describe("the Replication panel on the admin page", () => {
  test("the replica, its state, lag and last sync", async () => {
    renderAdmin({
      state: "ok",
      replica: "sftp://backup:***@vault:22/data/shop",
      lagSeconds: 0.4,
      lastSyncAt: "2026-11-27T02:19:41.000Z",
      detail: null,
    });
    await waitFor(async () =>
      expect(await row("Replica")).toBe("sftp://backup:***@vault:22/data/shop"),
    );
    expect(await row("State")).toBe("OK");
    expect(await row("Lag")).toBe("0.4 s");
    expect(await row("Last Sync")).not.toBe("");
    expect(await row("Last Sync")).not.toContain("Not since");
    const panel = screen.getByRole("region", { name: "Replication" });
    expect(within(panel).queryByText("Problem")).toBeNull();
  });

  test("stopped: says so, with why", async () => {
    renderAdmin({
      state: "stopped",
      replica: "file:///srv/replica",
      lagSeconds: 12,
      lastSyncAt: null,
      detail: "Litestream exited with code 1",
    });
    await waitFor(async () => expect(await row("State")).toBe("Stopped"));
    expect(await row("Last Sync")).toBe("Not since the start");
    expect(await row("Problem")).toBe("Litestream exited with code 1");
  });

  test("off without REPLICA_URL", async () => {
    renderAdmin({ state: "off", replica: null, lagSeconds: null, lastSyncAt: null, detail: null });
    await waitFor(async () => expect(await row("Replica")).toBe("Off (REPLICA_URL not set)"));
  });
});
