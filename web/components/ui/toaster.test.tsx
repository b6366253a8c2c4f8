import { describe, expect, test } from "bun:test";
import { act, fireEvent, screen } from "@testing-library/react";
import { useToast } from "../../lib/toast";
import { renderWithProviders } from "../../test/render";

function Buttons() {
  const { toast } = useToast();
  return (
    <>
      <button type="button" onClick={() => toast({ title: "First" })}>
        one
      </button>
      <button type="button" onClick={() => toast({ title: "Second" })}>
        two
      </button>
      <button type="button" onClick={() => toast({ title: "Oops", variant: "destructive" })}>
        fail
      </button>
    </>
  );
}

describe("toasts", () => {
  test("one at a time, gone after 5 s, F8 focuses the viewport", async () => {
    renderWithProviders(<Buttons />, null);
    act(() => screen.getByText("one").click());
    expect(screen.getByText("First")).toBeTruthy();
    act(() => screen.getByText("two").click());
    expect(screen.queryByText("First")).toBeNull();
    expect(screen.getByText("Second")).toBeTruthy();
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "F8" }));
    });
    const viewport = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(viewport.contains(document.activeElement)).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 5100)));
    expect(screen.queryByText("Second")).toBeNull();
  }, 10_000);

  test("a swipe of 50 px dismisses the toast; a shorter one does not", () => {
    renderWithProviders(<Buttons />, null);
    act(() => screen.getByText("one").click());
    const toast = screen.getByRole("status");
    const swipe = (to: number) => {
      fireEvent.pointerDown(toast, { clientX: 100 });
      fireEvent.pointerMove(toast, { clientX: to });
      fireEvent.pointerUp(toast, { clientX: to });
    };
    swipe(149);
    expect(screen.getByText("First")).toBeTruthy();
    swipe(150);
    expect(screen.queryByText("First")).toBeNull();
  });

  test("an error toast stays until dismissed", async () => {
    renderWithProviders(<Buttons />, null);
    act(() => screen.getByText("fail").click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 5100)));
    expect(screen.getByText("Oops")).toBeTruthy();
    act(() => screen.getByRole("button", { name: "Close" }).click());
    expect(screen.queryByText("Oops")).toBeNull();
  }, 10_000);
});
