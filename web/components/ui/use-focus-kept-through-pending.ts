import { useLayoutEffect, useRef } from "react";

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
