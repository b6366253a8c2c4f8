import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * For a button disabled while its request runs (a submit, Pay): the browser takes the focus
 * off a control once it is disabled, so a button pressed from the keyboard left the focus on
 * the page and the next key went nowhere. When the request ends with the button still there
 * (refused: a 422 toast, a message beside it), it has the focus again, unless something else
 * took it meanwhile (the dialog's first refused field, a result that focuses itself). Only a
 * button that had the focus when it was pressed gets it back: Enter in a field submits the
 * form without focusing the button, and the field keeps its focus.
 */
export function useFocusKeptThroughPending<T extends HTMLButtonElement>(pending: boolean) {
  const ref = useRef<T | null>(null);
  const hadFocus = useRef(false);
  // A layout effect: it runs as the button is disabled, before the browser moves the focus.
  useLayoutEffect(() => {
    const button = ref.current;
    if (pending) {
      hadFocus.current = button !== null && document.activeElement === button;
      return;
    }
    if (!hadFocus.current) return;
    hadFocus.current = false;
    const active = document.activeElement;
    const lost = active === null || active === document.body;
    if (button?.isConnected && !button.disabled && lost) button.focus();
  }, [pending]);
  return ref;
}

/** What can take the focus: the part's first control when it names none. */
const CONTROL =
  "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]";

/**
 * For a part of the page whose controls give way to others once one is used (Export
 * swapped for its progress and Cancel, then for the download link; a row's Unlock gone once
 * unlocked; a dialog's form swapped for its next step): the browser drops the focus to
 * <body> with the control that had it, stranding a keyboard or screen reader user. When
 * `shown` (what the part shows) changes while the focus was in the part and is now lost,
 * `next(part)` (what stands in the used control's place) has it, else the part's first control.
 * Focus that moved elsewhere meanwhile (a field the step focuses itself, another part of the
 * page) stays where it is. Returns the ref for the part's element, which stays through the swap.
 */
export function useFocusFollowsSwap<T extends HTMLElement>(
  shown: unknown,
  next?: (part: T) => HTMLElement | null | undefined,
) {
  const region = useRef<T | null>(null);
  // Whether the focus was last in the part: left only for another element (a control
  // removed or disabled has none to go to, and its focus counts as still in here).
  const inside = useRef(false);
  const nextRef = useRef(next);
  nextRef.current = next;
  const ref = useCallback((element: T | null) => {
    region.current = element;
    if (!element) return;
    inside.current = element.contains(document.activeElement);
    const enter = () => {
      inside.current = true;
    };
    const leave = (event: FocusEvent) => {
      const to = event.relatedTarget;
      if (to instanceof Node && !element.contains(to)) inside.current = false;
    };
    element.addEventListener("focusin", enter);
    element.addEventListener("focusout", leave);
    return () => {
      element.removeEventListener("focusin", enter);
      element.removeEventListener("focusout", leave);
      region.current = null;
    };
  }, []);
  const previous = useRef(shown);
  // A layout effect: the part is already swapped, not yet painted.
  useLayoutEffect(() => {
    if (Object.is(previous.current, shown)) return;
    previous.current = shown;
    const part = region.current;
    const active = document.activeElement;
    if (!part || !inside.current || (active !== null && active !== document.body)) return;
    const target = nextRef.current?.(part) ?? part.querySelector<HTMLElement>(CONTROL);
    if (target?.isConnected) target.focus();
  }, [shown]);
  return ref;
}
