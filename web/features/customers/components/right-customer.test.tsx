/**
 * The right customer on screen (issue 20, items 6 and 7): the picker's options and chosen
 * value carry number, name and phone (or e-mail); the customer page shows the number and
 * marks a missing date of birth as "Age not verified".
 */
import { describe, expect, test } from "bun:test";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { customer } from "../../../test/fixtures";
import { page, renderWithProviders } from "../../../test/render";
import type { Customer } from "../api/types";
import CustomerDetail from "./customer-detail";
import { CustomerPicker } from "./customer-picker";

const liam = (id: number, extra: Parameters<typeof customer>[0] = {}) =>
  customer({ id, firstName: "Liam", lastName: "McLoughlin", ...extra });

function PickerHost() {
  const [value, setValue] = useState("");
  return <CustomerPicker value={value} onChange={setValue} />;
}

describe("the customer picker", () => {
  test("namesakes are told apart by number and phone or e-mail, in the options and once chosen", async () => {
    const ue = userEvent.setup();
    const rows = [
      liam(12, { phone: "085 3401590" }),
      liam(231, { email: "liam@example.com" }),
      liam(4000),
    ];
    renderWithProviders(<PickerHost />, "user", {
      "GET /api/customers": page(rows),
      "GET /api/customers/:id": ({ path }: { path: string }) =>
        rows.find((r) => path.endsWith(`/${r.id}`)),
    });
    const box = (await screen.findByRole("combobox", { name: "Customer" })) as HTMLInputElement;
    await ue.type(box, "Liam");
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Liam McLoughlin (C-000012) · 085 3401590€50.00",
      "Liam McLoughlin (C-000231) · liam@example.com€50.00",
      "Liam McLoughlin (C-004000)€50.00",
    ]);
    await ue.click(options[1] as HTMLElement);
    await waitFor(() => expect(box.value).toBe("Liam McLoughlin (C-000231) · liam@example.com"));
  });
});

describe("a customer's number typed in the picker", () => {
  /** The server's answer to q=102 sorted by last name: the address or phone matches first. */
  const lynch = customer({
    id: 124,
    firstName: "Aoife",
    lastName: "Lynch",
    address: "102 Main St",
  });
  const quinn = customer({ id: 102, firstName: "Sean", lastName: "Quinn" });
  const rows = [lynch, liam(16, { phone: "087 1020304" }), quinn];
  /** The list as the server answers it: by number (`q=C-000102`) the active customer alone. */
  const routes = (active: Record<string, Customer>, list = rows) => ({
    "GET /api/customers": ({ search }: { search: URLSearchParams }) => {
      const q = search.get("q") ?? "";
      if (!q.startsWith("C-")) return page(list);
      expect(search.get("status")).toBe("ACTIVE");
      return page(active[q] ? [active[q]] : []);
    },
  });

  test("is that customer, first, and Enter takes them", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<PickerHost />, "user", routes({ "C-000102": quinn }));
    const box = (await screen.findByRole("combobox", { name: "Customer" })) as HTMLInputElement;
    await ue.type(box, "102");
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
        "Sean Quinn (C-000102)€50.00",
        "Aoife Lynch (C-000124)€50.00",
        "Liam McLoughlin (C-000016) · 087 1020304€50.00",
      ]),
    );
    await ue.keyboard("{Enter}");
    await waitFor(() => expect(box.value).toBe("Sean Quinn (C-000102)"));
  });

  test("first even when the name sort left them out of the first 10", async () => {
    const ue = userEvent.setup();
    const far = customer({ id: 777, firstName: "Zoe", lastName: "Zimmer" });
    renderWithProviders(<PickerHost />, "user", routes({ "C-000777": far }));
    const box = (await screen.findByRole("combobox", { name: "Customer" })) as HTMLInputElement;
    await ue.type(box, "C-000777");
    await waitFor(() =>
      expect(screen.getAllByRole("option")[0]?.textContent).toBe("Zoe Zimmer (C-000777)€50.00"),
    );
  });

  test("not when that customer is closed, or there is none", async () => {
    const ue = userEvent.setup();
    renderWithProviders(<PickerHost />, "user", routes({}, [lynch]));
    const box = (await screen.findByRole("combobox", { name: "Customer" })) as HTMLInputElement;
    await ue.type(box, "102");
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
        "Aoife Lynch (C-000124)€50.00",
      ]),
    );
  });
});

describe("the customer page", () => {
  test("shows the number and phone under the name, and 'Age not verified' without a date of birth", async () => {
    renderWithProviders(<CustomerDetail id={231} />, "user", {
      "GET /api/customers/:id": liam(231, { phone: "085 3401590" }),
      "GET /api/customers/:id/stats": {
        totalBets: 0,
        activeBets: 0,
        wonBets: 0,
        lostBets: 0,
        voidBets: 0,
      },
    });
    await screen.findByRole("heading", { name: "Liam McLoughlin" });
    expect(screen.getByText("C-000231 · 085 3401590")).toBeTruthy();
    expect(screen.getByText("Age not verified")).toBeTruthy();
  });

  test("a date of birth on record: no mark", async () => {
    renderWithProviders(<CustomerDetail id={231} />, "user", {
      "GET /api/customers/:id": liam(231, { dateOfBirth: "1990-04-12" }),
      "GET /api/customers/:id/stats": {
        totalBets: 0,
        activeBets: 0,
        wonBets: 0,
        lostBets: 0,
        voidBets: 0,
      },
    });
    await screen.findByRole("heading", { name: "Liam McLoughlin" });
    expect(screen.queryByText("Age not verified")).toBeNull();
  });
});
