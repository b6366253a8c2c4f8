/**
 * A dialog's submit button pressed from the keyboard and refused by the server has the focus
 * again (FormActions, through useFocusKeptThroughPending). Chromium takes the focus off a
 * button once it is disabled (e2e/counter-focus.e2e.test.ts shows it there); happy-dom does
 * not, so these tests do what Chromium does: the button loses the focus while it is pending.
 */
import { describe, expect, test } from "bun:test";
import { act, render, screen } from "@testing-library/react";
import { blurAsChromium } from "../../test/hold";
import { AmountConfirmation } from "./amount-confirmation";
import { FormActions } from "./field";

function Form({ pending }: { pending: boolean }) {
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <label>
        Amount
        <input name="amount" />
      </label>
      <label>
        Reason
        <input name="reason" aria-invalid="true" />
      </label>
      <FormActions
        onCancel={() => {}}
        pending={pending}
        label="Record pick-up"
        pendingLabel="Recording..."
      />
    </form>
  );
}

/** Renders the form, then sends it: pending as the request runs, as Chromium blurs it. */
function pressed(focus: () => HTMLElement) {
  const view = render(<Form pending={false} />);
  const target = focus();
  act(() => target.focus());
  view.rerender(<Form pending />);
  const button = screen.getByRole<HTMLButtonElement>("button", { name: "Recording..." });
  expect(button.disabled).toBe(true);
  // What Chromium does to a focused button once disabled (happy-dom blurs no disabled
  // element, so the button is enabled for the blur and disabled again as React left it).
  if (document.activeElement === button) {
    act(() => {
      button.disabled = false;
      button.blur();
      button.disabled = true;
    });
  }
  return { ...view, button };
}

describe("a submit refused by the server", () => {
  test("the button pressed has the focus again once the answer is in", () => {
    const { rerender, button } = pressed(() =>
      screen.getByRole("button", { name: "Record pick-up" }),
    );
    expect(document.activeElement).toBe(document.body);
    rerender(<Form pending={false} />);
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toBe("Record pick-up");
  });

  test("Enter in a field keeps the focus in the field", () => {
    const { rerender } = pressed(() => screen.getByRole("textbox", { name: "Amount" }));
    rerender(<Form pending={false} />);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Amount" }));
  });

  test("a field that took the focus meanwhile (the first one refused) keeps it", () => {
    const { rerender } = pressed(() => screen.getByRole("button", { name: "Record pick-up" }));
    const reason = screen.getByRole("textbox", { name: "Reason" });
    act(() => reason.focus());
    rerender(<Form pending={false} />);
    expect(document.activeElement).toBe(reason);
  });
});

/** A large deposit's confirmation, sending while `pending`. */
const Confirm = ({ pending }: { pending: boolean }) => (
  <AmountConfirmation
    question="Deposit this amount?"
    amountCents={150_000}
    confirmLabel="Confirm €1,500.00"
    pending={pending}
    pendingLabel="Processing..."
    onBack={() => {}}
    onConfirm={() => {}}
  />
);

describe("a large amount's confirmation refused by the server", () => {
  test("its confirm button has the focus again, not the page", () => {
    const view = render(<Confirm pending={false} />);
    const confirm = screen.getByRole<HTMLButtonElement>("button", { name: "Confirm €1,500.00" });
    act(() => confirm.focus());
    view.rerender(<Confirm pending />);
    expect(confirm.disabled).toBe(true);
    blurAsChromium(confirm);
    expect(document.activeElement).toBe(document.body);
    view.rerender(<Confirm pending={false} />);
    expect(document.activeElement).toBe(confirm);
  });
});
