import { describe, expect, test } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { adminPageRoutes, health } from "../../../test/fixtures";
import { renderApp, termValue } from "../../../test/render";

function renderAdmin(replication: unknown) {
  return renderApp(
    "/admin",
    "admin",
    adminPageRoutes({ "GET /api/health": health({ replication }) }),
  );
}

/** The value of one row of the Replication panel. */
async function row(name: string): Promise<string> {
  return termValue(name, await screen.findByRole("region", { name: "Replication" }));
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
