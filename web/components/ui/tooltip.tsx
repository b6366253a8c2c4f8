/**
 * A tooltip with the SPEC's timing (section 9): it opens 700 ms after the pointer rests on
 * (or focus enters) its element, at once when another tooltip closed less than 300 ms ago
 * (moving from one to the next), and closes when the pointer or focus leaves, or on Escape
 * (WCAG 1.4.13). daisyUI's `tooltip` draws it; its text is only set while open, since
 * daisyUI alone would show it on hover at once. The element's accessible description is
 * the caller's (aria-describedby), so a screen reader does not wait for it.
 *
 * daisyUI places a tip above its element, centred, with no regard for the window: near the
 * top of the page it ran off the top (only "or more" of its text showed), near an edge off
 * the side, over the heading. So the place is chosen when it opens (`tipPlacement`): below
 * when there is no room above, and aligned to the element's start or end when a centred tip
 * would leave the window. A text the user must read to go on belongs on the page, not in a
 * tooltip (the settle buttons' reason on the bet's page is shown under them).
 */
import { type ReactNode, useEffect, useRef, useState } from "react";

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When the last tooltip closed (any of them): the skip delay is counted from it. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** daisyUI's widest tip (its max-width, 20rem) and the room kept above for one (4 lines). */
const TIP_MAX_WIDTH_PX = 320;
const TIP_ROOM_ABOVE_PX = 96;

/**
 * The daisyUI placement classes for a tip on an element at `rect` in a window of the given
 * size: above unless there is less room there than below and less than a tall tip needs;
 * centred unless that would cross an edge, then from the element's start (or its end).
 */
export function tipPlacement(
  rect: Pick<DOMRect, "top" | "bottom" | "left" | "right">,
  viewport: { width: number; height: number },
): string {
  const above = rect.top >= TIP_ROOM_ABOVE_PX || rect.top >= viewport.height - rect.bottom;
  const centre = (rect.left + rect.right) / 2;
  const half = TIP_MAX_WIDTH_PX / 2;
  const align =
    centre - half >= 0 && centre + half <= viewport.width
      ? ""
      : rect.left + TIP_MAX_WIDTH_PX <= viewport.width
        ? " tooltip-start"
        : " tooltip-end";
  return `${above ? "tooltip-top" : "tooltip-bottom"}${align}`;
}

/**
 * `children` with `tip` as their tooltip; with no tip, as they are (the same wrapper, laid out
 * as `contents`, so a tip that comes and goes does not remount what it wraps).
 */
export function Tooltip({ tip, children }: { tip: string | null; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState("tooltip-top");
  const wrapper = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // While open: Escape closes it wherever the focus is (what it describes is often a disabled
  // button, which takes no focus, so the key never reaches this element; WCAG 1.4.13). Its
  // closing (or unmounting open) starts the skip delay.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      lastClosedAt = performance.now();
    };
  }, [open]);
  const show = () => {
    clearTimeout(timer.current);
    if (tip === null) return;
    // Placed where the element is when it opens (the page may have scrolled meanwhile).
    const openPlaced = () => {
      const rect = wrapper.current?.getBoundingClientRect();
      if (rect) {
        setPlacement(tipPlacement(rect, { width: window.innerWidth, height: window.innerHeight }));
      }
      setOpen(true);
    };
    if (performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) openPlaced();
    else timer.current = setTimeout(openPlaced, TOOLTIP_OPEN_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only show a text the element already has as its description
    <span
      ref={wrapper}
      className={tip === null ? "contents" : open ? `tooltip tooltip-open ${placement}` : "tooltip"}
      data-tip={open && tip !== null ? tip : undefined}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {children}
    </span>
  );
}
