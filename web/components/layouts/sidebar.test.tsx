/** The sidebar's role line (SPEC: the role in upper case), in the language shown. */
import { describe, expect, test } from "bun:test";
import { act, screen } from "@testing-library/react";
import { applyLanguage } from "../../i18n";
import { englishAfterEach, renderApp } from "../../test/render";

describe("the sidebar's role", () => {
  englishAfterEach();

  test("the role's name in upper case: USER in English, MITARBEITER in German", async () => {
    renderApp("/", "user");
    await screen.findByRole("navigation", { name: "Main" });
    const role = screen.getByText("USER");
    act(() => applyLanguage("de"));
    expect(role.textContent).toBe("MITARBEITER");
  });
});
