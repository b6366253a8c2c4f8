import { describe, expect, test } from "bun:test";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { type ManagedUserDto, managedUserDto } from "../../../../src/domain/dto";
import { type AppError, errorBody } from "../../../../src/lib/errors";
import { refuse } from "../../../../src/lib/refusals";
import { currentUserAtom } from "../../../lib/session";
import { formatCompactDateTime } from "../../../lib/time";
import { customer } from "../../../test/fixtures";
import { blurAsChromium, holdNext } from "../../../test/hold";
import { englishAfterEach, page, renderWithProviders, user } from "../../../test/render";
import { CreateUserPanel, UserRolesPanel } from "./user-management";

/** A row of the admin's user list, parsed by its schema. */
function managed(overrides: Partial<ManagedUserDto>): ManagedUserDto {
  return managedUserDto.parse({
    id: 2,
    username: "sam",
    role: "user",
    createdAt: "2026-01-01T00:00:00.000Z",
    shopId: null,
    customerId: null,
    disabled: false,
    mustChangePassword: false,
    lastSignInAt: null,
    oddsFormat: "decimal",
    language: null,
    signInLocked: false,
    ...overrides,
  });
}

// The signed-in admin is id 1 (renderWithProviders' user); sam is disabled and locked out,
// kim must change her password and signed in once.
const ME = managed({ id: 1, username: "admin-user", role: "admin" });
const SAM = managed({ id: 2, username: "sam", disabled: true, signInLocked: true });
const KIM = managed({
  id: 3,
  username: "kim",
  mustChangePassword: true,
  lastSignInAt: "2026-03-04T09:30:00.000Z",
});

/** Like the admin page, shown once the signed-in user is known (the rows compare with it). */
function SignedIn({ children }: { children: ReactNode }) {
  return useAtomValue(currentUserAtom) ? children : null;
}

function renderUsers(extra = {}) {
  const ue = userEvent.setup();
  const view = renderWithProviders(
    <SignedIn>
      <UserRolesPanel />
    </SignedIn>,
    "admin",
    {
      "GET /api/admin/users": page([ME, SAM, KIM]),
      ...extra,
    },
  );
  return { ue, ...view };
}

/** The table row of `username`. */
async function row(username: string): Promise<HTMLElement> {
  const link = await screen.findByRole("link", { name: username });
  const tr = link.closest("tr");
  if (!tr) throw new Error(`no row for ${username}`);
  return tr;
}

const badges = (tr: HTMLElement) =>
  [...tr.querySelectorAll(".badge")].map((badge) => badge.textContent);

describe("User Role Management: status and last sign-in", () => {
  test("each row shows its status badges and last sign-in", async () => {
    renderUsers();
    expect(await screen.findByRole("columnheader", { name: "Status" })).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "Last sign-in" })).toBeTruthy();
    const me = await row("admin-user");
    expect(badges(me)).toEqual(["Active"]);
    expect(me.textContent).toContain("Never");
    const sam = await row("sam");
    expect(badges(sam)).toEqual(["Disabled", "Locked"]);
    const kim = await row("kim");
    expect(badges(kim)).toEqual(["Active", "Must change password"]);
    expect(kim.textContent).not.toContain("Never");
    // A short date in the cell, the full date and time on hover.
    const signedIn = [...kim.querySelectorAll("span[title]")].find((e) =>
      e.getAttribute("title")?.includes("2026"),
    );
    expect(signedIn?.textContent).toBe(formatCompactDateTime("2026-03-04T09:30:00.000Z"));
  });

  test("Unlock only where sign-in is locked; Enable for a disabled user, else Disable", async () => {
    renderUsers();
    const sam = await row("sam");
    expect(within(sam).getByRole("button", { name: "Unlock" })).toBeTruthy();
    expect(within(sam).getByRole("button", { name: "Enable" })).toBeTruthy();
    expect(within(sam).queryByRole("button", { name: "Disable" })).toBeNull();
    const kim = await row("kim");
    expect(within(kim).queryByRole("button", { name: "Unlock" })).toBeNull();
    expect(within(kim).getByRole("button", { name: "Disable" })).toBeTruthy();
  });

  test("the admin's own Disable is disabled, with the reason", async () => {
    renderUsers();
    const disable = within(await row("admin-user")).getByRole("button", { name: "Disable" });
    expect((disable as HTMLButtonElement).disabled).toBe(true);
    expect(disable.getAttribute("title")).toBe("You cannot disable your own account");
  });
});

describe("User Role Management: account actions", () => {
  test("Reset password checks the length, then posts the new password", async () => {
    const { ue, calls } = renderUsers({
      "POST /api/admin/users/:userId/password": managed({ ...KIM, mustChangePassword: true }),
    });
    await ue.click(within(await row("kim")).getByRole("button", { name: "Reset password" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset password of kim" });
    expect(dialog.textContent).toContain("must choose a new one");
    const field = within(dialog).getByLabelText("New password");
    expect(field.getAttribute("autocomplete")).toBe("new-password");
    await ue.type(field, "short");
    await ue.click(within(dialog).getByRole("button", { name: "Reset password" }));
    expect(await within(dialog).findByText("Password must be at least 8 characters")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await ue.type(field, "-but-long-now");
    await ue.click(within(dialog).getByRole("button", { name: "Reset password" }));
    expect(
      await screen.findByText("Password reset. kim chooses a new one at the next sign-in."),
    ).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.path).toBe("/api/admin/users/3/password");
    expect(post?.body).toEqual({ newPassword: "short-but-long-now" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("Disable asks first, explaining that sessions end, then patches disabled: true", async () => {
    const { ue, calls } = renderUsers({
      "PATCH /api/admin/users/:userId": managed({ ...KIM, disabled: true }),
    });
    await ue.click(within(await row("kim")).getByRole("button", { name: "Disable" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable kim?" });
    expect(dialog.textContent).toContain("signed out everywhere");
    await ue.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    await ue.click(within(await row("kim")).getByRole("button", { name: "Disable" }));
    const again = await screen.findByRole("dialog", { name: "Disable kim?" });
    await ue.click(within(again).getByRole("button", { name: "Disable" }));
    expect(await screen.findByText("kim is disabled")).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe("/api/admin/users/3");
    expect(patch?.body).toEqual({ disabled: true });
  });

  test("Enable patches disabled: false at once", async () => {
    const { ue, calls } = renderUsers({
      "PATCH /api/admin/users/:userId": managed({ ...SAM, disabled: false }),
    });
    await ue.click(within(await row("sam")).getByRole("button", { name: "Enable" }));
    expect(await screen.findByText("sam is enabled again")).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe("/api/admin/users/2");
    expect(patch?.body).toEqual({ disabled: false });
  });

  test("Unlock posts to the user's unlock and refetches the list", async () => {
    const { ue, calls } = renderUsers({
      "POST /api/admin/users/:userId/unlock": managed({ ...SAM, signInLocked: false }),
    });
    await ue.click(within(await row("sam")).getByRole("button", { name: "Unlock" }));
    expect(await screen.findByText("sam can sign in again")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.path).toBe("/api/admin/users/2/unlock");
    expect(post?.body).toBeUndefined();
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/admin/users").length).toBe(2));
  });

  test("a refusal shows the server's message", async () => {
    const { ue } = renderUsers({
      "PATCH /api/admin/users/:userId": {
        status: 409,
        body: { message: "The last admin cannot be disabled; make another user admin first" },
      },
    });
    await ue.click(within(await row("kim")).getByRole("button", { name: "Disable" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable kim?" });
    await ue.click(within(dialog).getByRole("button", { name: "Disable" }));
    expect(
      await screen.findByText("The last admin cannot be disabled; make another user admin first"),
    ).toBeTruthy();
  });
});

describe("User Role Management: a role change asks first", () => {
  const roleOf = (username: string) =>
    screen.findByRole("combobox", { name: `Role of ${username}` }) as Promise<HTMLSelectElement>;

  test("the dialog names the user, both roles and that their sessions end; Cancel changes nothing", async () => {
    const { ue, calls } = renderUsers();
    const select = await roleOf("kim");
    await ue.selectOptions(select, "admin");
    const dialog = await screen.findByRole("dialog", { name: "Change the role of kim?" });
    expect(dialog.textContent).toContain("kim changes from User to Admin.");
    expect(dialog.textContent).toContain("All of their sessions end now");
    // No customer to choose for a staff role, and nothing sent before the answer.
    expect(within(dialog).queryByRole("combobox", { name: "Customer" })).toBeNull();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    await ue.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(select.value).toBe("user");
    await waitFor(() => expect(document.activeElement).toBe(select));
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  test("Change role patches the new role and says so in the SPEC's words", async () => {
    const { ue, calls } = renderUsers({
      "PATCH /api/admin/users/:userId/role": managed({ ...KIM, role: "admin" }),
    });
    await ue.selectOptions(await roleOf("kim"), "admin");
    const dialog = await screen.findByRole("dialog", { name: "Change the role of kim?" });
    await ue.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect(await screen.findByText("User role updated successfully")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe("/api/admin/users/3/role");
    expect(patch?.body).toEqual({ role: "admin" });
  });

  test("a staff user becoming a customer login needs the customer, as at Create User", async () => {
    const { ue, calls } = renderUsers({
      "GET /api/customers": page([customer()]),
      "GET /api/customers/:id": customer(),
      "PATCH /api/admin/users/:userId/role": managed({ ...KIM, role: "customer", customerId: 7 }),
    });
    await ue.selectOptions(await roleOf("kim"), "customer");
    const dialog = await screen.findByRole("dialog", { name: "Change the role of kim?" });
    expect(dialog.textContent).toContain("kim changes from User to Customer.");
    expect(dialog.textContent).toContain("choose whose");
    const picker = within(dialog).getByRole("combobox", { name: "Customer" });
    await ue.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect(
      await within(dialog).findAllByText("Customer is required for a customer login"),
    ).not.toHaveLength(0);
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    await ue.click(picker);
    await ue.click(await screen.findByRole("option", { name: /Ann Byrne/ }));
    await ue.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect(await screen.findByText("User role updated successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      role: "customer",
      customerId: 7,
    });
  });

  test("a customer login becoming staff is told its link ends, and chooses no customer", async () => {
    const ANN = managed({ id: 9, username: "ann", role: "customer", customerId: 7 });
    const { ue, calls } = renderUsers({
      "GET /api/admin/users": page([ME, ANN]),
      "PATCH /api/admin/users/:userId/role": managed({ ...ANN, role: "user", customerId: null }),
    });
    await ue.selectOptions(await roleOf("ann"), "user");
    const dialog = await screen.findByRole("dialog", { name: "Change the role of ann?" });
    expect(dialog.textContent).toContain("ann changes from Customer to User.");
    expect(dialog.textContent).toContain("Their link to a customer record ends");
    expect(within(dialog).queryByRole("combobox", { name: "Customer" })).toBeNull();
    await ue.click(within(dialog).getByRole("button", { name: "Change role" }));
    expect(await screen.findByText("User role updated successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ role: "user" });
  });

  test("the server's refusal of a customer login without a customer shows under the picker", async () => {
    const { ue } = renderUsers({
      "GET /api/customers": page([customer()]),
      "GET /api/customers/:id": customer(),
      "PATCH /api/admin/users/:userId/role": {
        status: 400,
        body: {
          message: "Customer is required for a customer login",
          code: "VALIDATION",
          fields: { customerId: "Customer is required for a customer login" },
        },
      },
    });
    await ue.selectOptions(await roleOf("kim"), "customer");
    const dialog = await screen.findByRole("dialog", { name: "Change the role of kim?" });
    await ue.click(within(dialog).getByRole("combobox", { name: "Customer" }));
    await ue.click(await screen.findByRole("option", { name: /Ann Byrne/ }));
    await ue.click(within(dialog).getByRole("button", { name: "Change role" }));
    const picker = within(dialog).getByRole("combobox", { name: "Customer" });
    await waitFor(() => expect(picker.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByRole("dialog", { name: "Change the role of kim?" })).toBeTruthy();
  });
});

describe("Create User: a customer login", () => {
  function renderCreate() {
    const ue = userEvent.setup();
    const view = renderWithProviders(<CreateUserPanel />, "admin", {
      "GET /api/customers": page([customer()]),
      "GET /api/customers/:id": customer(),
      "POST /api/admin/users": {
        status: 201,
        body: managed({ id: 9, username: "ann", role: "customer", customerId: 7 }),
      },
    });
    return { ue, ...view };
  }

  test("role Customer shows a required customer picker and sends customerId", async () => {
    const { ue, calls } = renderCreate();
    expect(screen.queryByRole("combobox", { name: "Customer" })).toBeNull();
    await ue.type(screen.getByLabelText("Username"), "ann");
    await ue.type(screen.getByLabelText("Password"), "Glacier-Tulip-Harbour-7");
    await ue.selectOptions(screen.getByLabelText("Role"), "customer");
    const picker = await screen.findByRole("combobox", { name: "Customer" });
    await ue.click(screen.getByRole("button", { name: "Create User" }));
    expect(await screen.findByText("Customer is required for a customer login")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await ue.click(picker);
    await ue.click(await screen.findByRole("option", { name: /Ann Byrne/ }));
    await waitFor(() =>
      expect(screen.queryByText("Customer is required for a customer login")).toBeNull(),
    );
    await ue.click(screen.getByRole("button", { name: "Create User" }));
    expect(await screen.findByText("User created successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      username: "ann",
      password: "Glacier-Tulip-Harbour-7",
      role: "customer",
      customerId: 7,
    });
  });

  test("changing the role away hides the picker and sends no customerId", async () => {
    const { ue, calls } = renderCreate();
    await ue.type(screen.getByLabelText("Username"), "kim");
    await ue.type(screen.getByLabelText("Password"), "Glacier-Tulip-Harbour-7");
    await ue.selectOptions(screen.getByLabelText("Role"), "customer");
    await ue.click(await screen.findByRole("combobox", { name: "Customer" }));
    await ue.click(await screen.findByRole("option", { name: /Ann Byrne/ }));
    await ue.selectOptions(screen.getByLabelText("Role"), "user");
    await waitFor(() => expect(screen.queryByRole("combobox", { name: "Customer" })).toBeNull());
    await ue.click(screen.getByRole("button", { name: "Create User" }));
    expect(await screen.findByText("User created successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      username: "kim",
      password: "Glacier-Tulip-Harbour-7",
      role: "user",
    });
  });
});

/**
 * Keyboard and screen reader users keep their place (found in Chromium: the focus fell to the
 * page). A users list that follows the server: `change` is what an action did to a user.
 */
describe("User Role Management: the focus after an action", () => {
  function live() {
    let users = [ME, SAM, KIM];
    const change = (id: number, over: Partial<ManagedUserDto>) => {
      users = users.map((u) => (u.id === id ? managed({ ...u, ...over }) : u));
      return users.find((u) => u.id === id);
    };
    return renderUsers({
      "GET /api/admin/users": () => page(users),
      "PATCH /api/admin/users/:userId": ({ path, body }: { path: string; body: object }) =>
        change(Number(path.split("/").pop()), body),
      "POST /api/admin/users/:userId/unlock": ({ path }: { path: string }) =>
        change(Number(path.split("/")[4]), { signInLocked: false }),
    });
  }

  test("Enable turns into the row's Disable, which keeps the focus", async () => {
    const { ue } = live();
    const sam = await row("sam");
    await ue.click(within(sam).getByRole("button", { name: "Enable" }));
    const disable = await within(sam).findByRole("button", { name: "Disable" });
    expect(await screen.findByText("sam is enabled again")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(disable));
  });

  test("Disable, once confirmed, turns into the row's Enable, which has the focus", async () => {
    const { ue } = live();
    const kim = await row("kim");
    await ue.click(within(kim).getByRole("button", { name: "Disable" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable kim?" });
    await ue.click(within(dialog).getByRole("button", { name: "Disable" }));
    const enable = await within(kim).findByRole("button", { name: "Enable" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(enable));
  });

  test("Unlock, gone once unlocked, hands the focus to the History link in its place", async () => {
    const { ue, calls } = live();
    const sam = await row("sam");
    await ue.click(within(sam).getByRole("button", { name: "Unlock" }));
    await waitFor(() => expect(within(sam).queryByRole("button", { name: "Unlock" })).toBeNull());
    expect(calls.filter((c) => c.path === "/api/admin/users").length).toBe(2);
    const history = within(sam).getByRole("link", { name: "History of sam" });
    await waitFor(() => expect(document.activeElement).toBe(history));
  });
});

describe("Create User: the focus while the password hashes", () => {
  test("Create User, disabled while it sends, has the focus again once the user is created", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<CreateUserPanel />, "admin", {
      "POST /api/admin/users": { status: 201, body: managed({ id: 9, username: "ann" }) },
    });
    await ue.type(screen.getByLabelText("Username"), "ann");
    await ue.type(screen.getByLabelText("Password"), "Glacier-Tulip-Harbour-7");
    const release = holdNext("POST");
    const submit = screen.getByRole<HTMLButtonElement>("button", { name: "Create User" });
    act(() => submit.focus());
    await ue.keyboard("{Enter}");
    await waitFor(() => expect(submit.disabled).toBe(true));
    blurAsChromium(submit);
    expect(document.activeElement).toBe(document.body);
    release();
    expect(await screen.findByText("User created successfully")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(submit));
    expect(submit.textContent).toBe("Create User");
  });
});

/**
 * The Users page's 409s in the reader's language (decision 070): a taken username, the last
 * admin. Their bodies as the server writes them (src/lib/refusals.ts);
 * German read "Das widerspricht einer zwischenzeitlichen Änderung ... (Username "clerk1" is
 * already taken)" before they had a reason.
 */
describe("the Users page's refusals, in English and German", () => {
  englishAfterEach();

  const GERMAN_ADMIN = { "GET /api/user": { ...user("admin"), language: "de" } };
  /** The server's answer for a thrown refusal: its status and body. */
  const answer = (error: AppError) => ({ status: error.status, body: errorBody(error) });
  const taken = () =>
    answer(
      refuse("USERNAME_TAKEN", { username: "clerk1" }, () => ({
        username: "Username is already taken",
      })),
    );
  const noneLeft = (reason: "LAST_ADMIN_DEMOTE" | "LAST_ADMIN_DISABLE") =>
    answer(refuse(reason, {}));

  async function createClerk(german: boolean) {
    const ue = userEvent.setup();
    renderWithProviders(<CreateUserPanel />, "admin", {
      ...(german ? GERMAN_ADMIN : {}),
      "POST /api/admin/users": taken(),
    });
    const username = await screen.findByLabelText(german ? "Benutzername" : "Username");
    await ue.type(username, "clerk1");
    await ue.type(
      screen.getByLabelText(german ? "Passwort" : "Password"),
      "Glacier-Tulip-Harbour-7",
    );
    await ue.click(
      screen.getByRole("button", { name: german ? "Benutzer anlegen" : "Create User" }),
    );
    return username as HTMLInputElement;
  }

  test("a taken username: the server's words in the toast, and under the Username field", async () => {
    const username = await createClerk(false);
    expect(await screen.findByText('Username "clerk1" is already taken')).toBeTruthy();
    expect(await screen.findByText("Username is already taken")).toBeTruthy();
    expect(username.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(username));
  });

  test("a taken username in German: the name in the toast, the field's own line under it", async () => {
    const username = await createClerk(true);
    expect(await screen.findByText("Der Benutzername „clerk1“ ist bereits vergeben")).toBeTruthy();
    expect(await screen.findByText("Benutzername ist bereits vergeben")).toBeTruthy();
    expect(username.getAttribute("aria-invalid")).toBe("true");
    expect(document.body.textContent).not.toContain("zwischenzeitlichen");
    expect(document.body.textContent).not.toContain("already taken");
  });

  test("the last admin can be neither disabled nor demoted, in German", async () => {
    const { ue } = renderUsers({
      ...GERMAN_ADMIN,
      "PATCH /api/admin/users/:userId": noneLeft("LAST_ADMIN_DISABLE"),
      "PATCH /api/admin/users/:userId/role": noneLeft("LAST_ADMIN_DEMOTE"),
    });
    await ue.click(within(await row("kim")).getByRole("button", { name: "Sperren" }));
    let dialog = await screen.findByRole("dialog", { name: "kim sperren?" });
    await ue.click(within(dialog).getByRole("button", { name: "Sperren" }));
    expect(
      await screen.findByText(
        "Der letzte Admin kann nicht gesperrt werden; machen Sie zuerst einen anderen Benutzer zum Admin",
      ),
    ).toBeTruthy();
    await ue.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await ue.selectOptions(
      await screen.findByRole("combobox", { name: "Rolle von admin-user" }),
      "user",
    );
    dialog = await screen.findByRole("dialog", { name: "Rolle von admin-user ändern?" });
    await ue.click(within(dialog).getByRole("button", { name: "Rolle ändern" }));
    expect(
      await screen.findByText(
        "Dem letzten Admin kann die Admin-Rolle nicht entzogen werden; machen Sie zuerst einen anderen Benutzer zum Admin",
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain("zwischenzeitlichen");
  });
});
