/**
 * A submit made while a picker's Enter waits for its results (issue 20, item 9: the shop typed
 * in full, Enter, then Place Bet at once sent nothing and said nothing): the submit is held
 * and made once the choice is in, with the chosen row; a text that matches nothing is refused
 * beside the field. Never silent.
 */
import { describe, expect, test } from "bun:test";
import { zodResolver } from "@hookform/resolvers/zod";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { requiredId } from "../../../../src/domain/schemas";
import { PickerField } from "../../../components/ui/picker-field";
import { customer } from "../../../test/fixtures";
import { page, renderWithProviders } from "../../../test/render";
import { CustomerPicker } from "./customer-picker";

const schema = z.object({ customerId: requiredId("Customer is required") });
const ann = customer({ id: 7, firstName: "Ann", lastName: "Byrne" });
const sarah = customer({ id: 231, firstName: "Sarah", lastName: "Quinn" });

function Form({ onSubmit }: { onSubmit: (id: number) => void }) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { customerId: "" },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => onSubmit(v.customerId))}>
      <PickerField control={form.control} name="customerId" picker={CustomerPicker} />
      <button type="submit">Send</button>
    </form>
  );
}

function setup() {
  const sent: number[] = [];
  const ue = userEvent.setup();
  const view = renderWithProviders(<Form onSubmit={(id) => sent.push(id)} />, "user", {
    // Ann comes first for anything but "quinn".
    "GET /api/customers": ({ search }: { search: URLSearchParams }) => {
      const q = search.get("q")?.toLowerCase();
      if (q === "sarah quinn") return page([sarah]);
      if (q === "nobody") return page([]);
      return page([ann, sarah]);
    },
    "GET /api/customers/:id": ({ path }: { path: string }) => (path.endsWith("/231") ? sarah : ann),
  });
  return { ue, sent, ...view };
}

describe("a submit while the picker's Enter waits", () => {
  test("is held and sent with the row the typed text found", async () => {
    const { ue, sent } = setup();
    const box = (await screen.findByRole("combobox", { name: "Customer" })) as HTMLInputElement;
    await ue.click(box);
    await screen.findByRole("option", { name: /Ann Byrne/ });
    await ue.type(box, "Sarah Quinn{Enter}");
    // At once, before this text's results: the submit waits and says so.
    await ue.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(sent).toEqual([231]));
    expect(box.value).toBe("Sarah Quinn (C-000231)");
    expect(screen.queryByText("Customer is required")).toBeNull();
  });

  test("a text that finds nobody is refused beside the field, and nothing is sent", async () => {
    const { ue, sent } = setup();
    const box = (await screen.findByRole("combobox", { name: "Customer" })) as HTMLInputElement;
    await ue.type(box, "nobody{Enter}");
    await ue.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Choose a customer from the list")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });
});
