/**
 * A path no screen has: the page is its own main landmark (axe's landmark-one-main and
 * region), signed in or not; it is drawn outside the app's layout, which has the app's main.
 */
import { describe, expect, test } from "bun:test";
import { screen, within } from "@testing-library/react";
import { renderApp } from "../../test/render";

describe("the 404 page", () => {
  for (const role of ["admin", null] as const) {
    test(`is one main landmark holding its heading (${role ?? "signed out"})`, async () => {
      renderApp("/nope", role);
      const heading = await screen.findByRole("heading", { name: "404 Page Not Found" });
      const main = screen.getByRole("main");
      expect(within(main).getByRole("heading", { name: "404 Page Not Found" })).toBe(heading);
      expect(screen.getAllByRole("main")).toHaveLength(1);
    });
  }
});
