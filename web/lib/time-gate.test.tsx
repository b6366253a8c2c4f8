/**
 * BusinessTimeZoneGate (web/lib/time-gate.tsx): the signed-in screens wait for the settings' first
 * answer (no time drawn in UTC first) and are drawn in a background render once it is here;
 * settings already known draw them at once.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { settings } from "../test/fixtures";
import { mockFetch } from "../test/render";
import { createQueryClient } from "./query-client";
import { settingsQuery } from "./settings";
import { businessTimeZone, setBusinessTimeZone } from "./time";
import { BusinessTimeZoneGate } from "./time-gate";

afterEach(() => setBusinessTimeZone("UTC"));

/** A screen that writes the zone it was drawn in. */
function Zone() {
  return <p>drawn in {businessTimeZone()}</p>;
}

/** The gate around a screen, the settings still to answer or already `known` (a zone). */
function renderGate(known?: string) {
  mockFetch({ "GET /api/settings": { pending: true } });
  const client = createQueryClient();
  const setZone = (zone: string) =>
    client.setQueryData(settingsQuery.queryKey, settings({ businessTimeZone: zone }));
  if (known) setZone(known);
  render(
    <QueryClientProvider client={client}>
      <BusinessTimeZoneGate fallback={<p>waiting</p>}>
        <Zone />
      </BusinessTimeZoneGate>
    </QueryClientProvider>,
  );
  return { answer: (zone: string) => act(() => void setZone(zone)) };
}

describe("the business time zone gate", () => {
  test("holds the screens until the settings answer, then draws them in that zone", async () => {
    const { answer } = renderGate();
    expect(screen.getByText("waiting")).toBeTruthy();
    expect(screen.queryByText(/drawn in/)).toBeNull();
    await answer("Europe/Berlin");
    expect(await screen.findByText("drawn in Europe/Berlin")).toBeTruthy();
    expect(screen.queryByText("waiting")).toBeNull();
  });

  test("settings already known draw the screens at once", () => {
    renderGate("Europe/Dublin");
    expect(screen.getByText("drawn in Europe/Dublin")).toBeTruthy();
    expect(screen.queryByText("waiting")).toBeNull();
  });
});
