/**
 * A tooltip with the SPEC's timing (section 9): it opens 700 ms after the pointer rests on
 * (or focus enters) its element, at once when another tooltip closed less than 300 ms ago
 * (moving from one to the next), and closes when the pointer or focus leaves, or on Escape
 * (WCAG 1.4.13). daisyUI's `tooltip` draws it; its text is only set while open, since
 * daisyUI alone would show it on hover at once. The element's accessible description is
 * the caller's (aria-describedby), so a screen reader does not wait for it.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When the last tooltip closed (any of them): the skip delay is counted from it. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/**
 * `children` with `tip` as their tooltip; with no tip, as they are (the same wrapper, laid out
 * as `contents`, so a tip that comes and goes does not remount what it wraps).
 */
export function Tooltip({ tip, children }: { tip: string | null; children: ReactNode }) {
  const [open, setOpen] = useState(false);
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
    if (performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only show a text the element already has as its description
    <span
      className={tip === null ? "contents" : open ? "tooltip tooltip-open" : "tooltip"}
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
