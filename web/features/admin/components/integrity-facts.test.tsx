import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import { userDto } from "../../../../src/domain/dto";
import { adminPageRoutes } from "../../../test/fixtures";
import { renderApp, termValue, user } from "../../../test/render";

const check = {
  id: 3,
  kind: "full",
  ok: true,
  detail: "ok",
  startedAt: "2026-03-01T03:00:00.000Z",
  finishedAt: "2026-03-01T03:01:40.000Z",
  durationMs: 100_400,
};
const quick = { ...check, id: 4, kind: "quick", durationMs: 2_900 };

function renderAdmin(integrity: unknown) {
  return renderApp("/admin", "admin", adminPageRoutes({ "GET /api/admin/integrity": integrity }));
}

/** The value of one row of the System Information panel. */
const info = (name: string) => termValue(name);

describe("integrity checks on the admin page", () => {
  test("the start-up check and the daily full check, each with its result and duration", async () => {
    renderAdmin({ quick, full: check });
    await waitFor(async () => expect(await info("Full Integrity Check")).toContain("OK"));
    expect(await info("Full Integrity Check")).toContain("100.4 s");
    expect(await info("Start-up Check")).toContain("OK");
    expect(await info("Start-up Check")).toContain("2.9 s");
    expect(screen.queryByText("Integrity Findings")).toBeNull();
  });

  test("a failed full check says Failed and shows what SQLite found", async () => {
    const detail = "row 151 missing from index customers_last_name_idx";
    renderAdmin({ quick, full: { ...check, ok: false, detail } });
    await waitFor(async () => expect(await info("Full Integrity Check")).toContain("Failed"));
    expect(await info("Integrity Findings")).toBe(detail);
  });

  test("before the first full check, and when the status cannot be read", async () => {
    renderAdmin({ quick: null, full: null, everyHours: 24 });
    await waitFor(async () =>
      expect(await info("Full Integrity Check")).toBe("Not run yet (daily, in the background)"),
    );
    expect(await info("Start-up Check")).toBe("Not recorded");
  });

  test("INTEGRITY_CHECK_HOURS other than daily says how often; 0 says none will run", async () => {
    const first = renderAdmin({ quick, full: null, everyHours: 6 });
    await waitFor(async () =>
      expect(await info("Full Integrity Check")).toBe(
        "Not run yet (every 6 hours, in the background)",
      ),
    );
    first.unmount();
    const off = renderAdmin({ quick, full: null, everyHours: 0 });
    await waitFor(async () =>
      expect(await info("Full Integrity Check")).toBe(
        "Not run in the background (INTEGRITY_CHECK_HOURS=0)",
      ),
    );
    off.unmount();
    // An older result stays shown, and says that none follows it.
    renderAdmin({ quick, full: check, everyHours: 0 });
    await waitFor(async () => expect(await info("Full Integrity Check")).toContain("OK"));
    expect(await info("Full Integrity Check")).toContain(
      "Not run in the background (INTEGRITY_CHECK_HOURS=0)",
    );
  });

  test("in German, half an hour is 0,5 Stunden", async () => {
    renderApp(
      "/admin",
      "admin",
      adminPageRoutes({
        "GET /api/user": userDto.parse({ ...user("admin"), language: "de" }),
        "GET /api/admin/integrity": { quick, full: null, everyHours: 0.5 },
      }),
    );
    await waitFor(async () =>
      expect(await info("Vollständige Integritätsprüfung")).toBe(
        "Noch nicht gelaufen (alle 0,5 Stunden, im Hintergrund)",
      ),
    );
  });

  test("an unreadable status shows Unknown", async () => {
    renderAdmin({ status: 500, body: { message: "boom", code: "INTERNAL" } });
    await waitFor(async () => expect(await info("Full Integrity Check")).toBe("Unknown"));
  });
});
