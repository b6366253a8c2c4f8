import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { customer, shop } from "../test/fixtures";
import { page, renderApp, user } from "../test/render";

const counts = { totalBets: 0, activeBets: 0, wonBets: 0, lostBets: 0, voidBets: 0 };

/**
 * The customer page as `first` (a cashier, id 2), whose session then ends; the sign-in
 * form then signs in `next`. What the server answers is switched by `signedIn`.
 */
function counter(next: ReturnType<typeof user>) {
  let signedIn: ReturnType<typeof user> | null = user("user", 2);
  const guard = (body: unknown) => () =>
    signedIn ? body : { status: 401, body: { message: "Not signed in" } };
  const view = renderApp("/customers/7", "user", {
    "GET /api/user": () => signedIn ?? { status: 401, body: { message: "Not signed in" } },
    "GET /api/customers/:id/stats": guard(counts),
    "GET /api/customers/:id": guard(customer({ balance: "20.00" })),
    "GET /api/customers": guard(page([customer()])),
    "GET /api/shops/:id": guard(shop()),
    "GET /api/shops": guard(page([shop()])),
    "GET /api/transactions": guard(page([])),
    "GET /api/bets": guard(page([])),
    "POST /api/login": () => {
      signedIn = next;
      return next;
    },
  });
  return {
    ...view,
    expire: () => {
      signedIn = null;
    },
  };
}

async function typeDepositThenExpire(view: ReturnType<typeof counter>) {
  const ue = userEvent.setup();
  await ue.click(await screen.findByRole("button", { name: "Deposit" }));
  await ue.type(await screen.findByLabelText("Amount (€)"), "15");
  await waitFor(() => expect(window.sessionStorage.getItem("dialog-draft")).toContain('"15"'));
  view.expire();
  // The next call answers 401 (the shop picker searching, on this page): the app goes to
  // sign-in, the draft stays for its typist.
  await ue.type(screen.getByLabelText("Shop"), "Cen");
  expect((await screen.findByRole("alert")).textContent).toContain("Your session has expired");
  expect(window.sessionStorage.getItem("dialog-draft")).toContain('"15"');
  return ue;
}

async function signIn(ue: ReturnType<typeof userEvent.setup>, username: string) {
  await ue.type(screen.getByLabelText("Username"), username);
  await ue.type(screen.getByLabelText("Password"), "secret");
  // Without userEvent's key delay: what the sign-in sets off then happens inside the
  // caller's next wait, not between two keystrokes.
  await userEvent.setup({ delay: null }).keyboard("{Enter}");
}

describe("dialog drafts belong to their user", () => {
  test("the same cashier signing in again gets the half-typed deposit back", async () => {
    const view = counter(user("user", 2));
    const ue = await typeDepositThenExpire(view);
    await signIn(ue, "user-user");
    // Back on the page, the dialog open again with the amount typed (€20.00 + €15.00).
    expect(await screen.findByText("€35.00")).toBeTruthy();
    expect(view.location.history?.at(-1)).toBe("/customers/7");
    expect(screen.getByText("Process Customer Deposit")).toBeTruthy();
    expect((screen.getByLabelText("Amount (€)") as HTMLInputElement).value).toBe("15");
  });

  test("another user signing in next on the same tab sees nothing prefilled", async () => {
    const view = counter(user("admin", 1));
    const ue = await typeDepositThenExpire(view);
    await signIn(ue, "admin-user");
    await waitFor(() => expect(view.location.history?.at(-1)).toBe("/customers/7"));
    expect(await screen.findByRole("heading", { name: "Ann Byrne" })).toBeTruthy();
    expect(screen.queryByText("Process Customer Deposit")).toBeNull();
    expect(window.sessionStorage.getItem("dialog-draft")).toBeNull();
    // Opened by hand, the dialog starts empty.
    await ue.click(screen.getByRole("button", { name: "Deposit" }));
    expect(((await screen.findByLabelText("Amount (€)")) as HTMLInputElement).value).toBe("");
  });

  test("signing out drops the draft", async () => {
    renderApp("/customers/7", "user", {
      "GET /api/customers/:id/stats": counts,
      "GET /api/customers/:id": customer({ balance: "20.00" }),
      "GET /api/customers": page([customer()]),
      "GET /api/shops": page([shop()]),
      "GET /api/transactions": page([]),
      "GET /api/bets": page([]),
      "POST /api/logout": { status: 204 },
    });
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole("button", { name: "Deposit" }));
    await ue.type(await screen.findByLabelText("Amount (€)"), "15");
    await waitFor(() => expect(window.sessionStorage.getItem("dialog-draft")).toContain('"15"'));
    await ue.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(window.sessionStorage.getItem("dialog-draft")).toBeNull());
  });
});
