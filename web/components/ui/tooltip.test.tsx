/** SPEC section 9: tooltips open after 700 ms, at once within 300 ms of another closing. */
import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, waitFor } from "@testing-library/react";
import { Tooltip, tipPlacement } from "./tooltip";

function twoTooltips() {
  const view = render(
    <div>
      <Tooltip tip="Only an admin can settle this">
        <button type="button" disabled>
          Won
        </button>
      </Tooltip>
      <Tooltip tip="Only an admin can settle its place part">
        <button type="button" disabled>
          Placed
        </button>
      </Tooltip>
    </div>,
  );
  const [won, placed] = [...view.container.querySelectorAll<HTMLElement>(".tooltip")];
  if (!won || !placed) throw new Error("two tooltips expected");
  return { won, placed };
}

describe("Tooltip", () => {
  test("opens after the open delay, not on the pointer's first touch, and closes on leave", async () => {
    const { won } = twoTooltips();
    fireEvent.pointerEnter(won);
    // daisyUI shows whatever data-tip holds on hover: nothing yet.
    expect(won.getAttribute("data-tip")).toBeNull();
    await waitFor(
      () => expect(won.getAttribute("data-tip")).toBe("Only an admin can settle this"),
      {
        timeout: 30_000,
      },
    );
    expect(won.className).toContain("tooltip-open");
    fireEvent.pointerLeave(won);
    expect(won.getAttribute("data-tip")).toBeNull();
  });

  test("moving to the next one within the skip delay opens it at once; Escape closes it", async () => {
    const { won, placed } = twoTooltips();
    fireEvent.pointerEnter(won);
    await waitFor(() => expect(won.getAttribute("data-tip")).not.toBeNull(), { timeout: 30_000 });
    act(() => {
      fireEvent.pointerLeave(won);
      fireEvent.pointerEnter(placed);
    });
    expect(placed.getAttribute("data-tip")).toBe("Only an admin can settle its place part");
    // Escape anywhere: the button it describes is disabled and takes no focus.
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(placed.getAttribute("data-tip")).toBeNull();
  });

  test("a pointer that leaves before the delay opens nothing", async () => {
    const { won, placed } = twoTooltips();
    fireEvent.pointerEnter(won);
    fireEvent.pointerLeave(won);
    // The other one, after the delay has passed for the first, is the proof nothing fired.
    fireEvent.pointerEnter(placed);
    await waitFor(() => expect(placed.getAttribute("data-tip")).not.toBeNull(), {
      timeout: 30_000,
    });
    expect(won.getAttribute("data-tip")).toBeNull();
  });
});

describe("where a tip opens", () => {
  const viewport = (width: number, height: number) =>
    (window as unknown as { happyDOM: { setViewport(v: object): void } }).happyDOM.setViewport({
      width,
      height,
    });

  test("near the top left of a phone's window: below its element and from its start, not off-screen", async () => {
    viewport(390, 844);
    try {
      const { won } = twoTooltips();
      // The Won button on a bet's page at 390 px: 16 px from the left, 60 px from the top.
      won.getBoundingClientRect = () => new DOMRect(16, 60, 56, 32);
      fireEvent.pointerEnter(won);
      await waitFor(() => expect(won.getAttribute("data-tip")).not.toBeNull(), {
        timeout: 30_000,
      });
      expect(won.className.split(" ")).toEqual(
        expect.arrayContaining(["tooltip-bottom", "tooltip-start"]),
      );
      expect(won.className).not.toContain("tooltip-top");
    } finally {
      viewport(1024, 768);
    }
  });

  test("placement: above and centred where there is room, below near the top, aligned near an edge", () => {
    const desktop = { width: 1280, height: 800 };
    const at = (left: number, top: number) => ({
      left,
      right: left + 60,
      top,
      bottom: top + 32,
    });
    expect(tipPlacement(at(600, 400), desktop)).toBe("tooltip-top");
    // At the top of the page (1280 px: only "or more" of the text showed above the window).
    expect(tipPlacement(at(600, 40), desktop)).toBe("tooltip-bottom");
    expect(tipPlacement(at(10, 400), desktop)).toBe("tooltip-top tooltip-start");
    expect(tipPlacement(at(1200, 400), desktop)).toBe("tooltip-top tooltip-end");
    // No room below either: above, where there is more.
    expect(tipPlacement(at(600, 60), { width: 1280, height: 100 })).toBe("tooltip-top");
  });
});
