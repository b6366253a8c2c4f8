import { type PickerProps, SearchPicker } from "../../../components/ui/search-picker";
import { euro, fullName } from "../../../lib/format";
import { useCustomer } from "../api/get-customer";
import { useCustomers } from "../api/get-customers";
import type { Customer } from "../api/types";

const toOption = (c: Customer) => ({
  id: c.id,
  label: fullName(c),
  detail: `${c.email ?? c.phone ?? ""} ${euro(c.balance)}`.trim(),
});

/** Picks an active customer by searching the server as you type. */
export function CustomerPicker(props: PickerProps) {
  return (
    <SearchPicker
      {...props}
      label="Customer"
      placeholder="Search customers by name, email or phone..."
      sort="lastName"
      useList={useCustomers}
      useItem={useCustomer}
      toOption={toOption}
    />
  );
}
