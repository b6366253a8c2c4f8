/** Status words on badges (issue 23 item 2): the codes in English, the language's words else. */
import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, render, screen } from "@testing-library/react";
import { applyLanguage } from "../../i18n";
import { ActiveBadge, BetStatusBadge, TransactionStatusBadge } from "./badges";

afterEach(() => {
  cleanup();
  applyLanguage("en");
});

describe("status badges", () => {
  test("English shows the codes as the SPEC does; German its words, on a language change", () => {
    render(
      <>
        <BetStatusBadge status="VOID" />
        <TransactionStatusBadge status="COMPLETED" />
        <ActiveBadge active={false} />
      </>,
    );
    expect(screen.getByText("VOID")).toBeTruthy();
    expect(screen.getByText("COMPLETED")).toBeTruthy();
    expect(screen.getByText("Inactive")).toBeTruthy();
    act(() => applyLanguage("de"));
    expect(screen.getByText("Storno")).toBeTruthy();
    expect(screen.getByText("Gebucht")).toBeTruthy();
    expect(screen.getByText("Inaktiv")).toBeTruthy();
  });
});
