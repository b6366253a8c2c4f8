import { customerNumber, parseCustomerNumber } from "../../../../src/domain/customer-number";
import { type PickerProps, SearchPicker } from "../../../components/ui/search-picker";
import { useT } from "../../../i18n";
import { euro } from "../../../lib/format";
import { useCustomer } from "../api/get-customer";
import { useCustomers } from "../api/get-customers";
import type { Customer } from "../api/types";
import { customerPickLabel } from "../customer-label";

/**
 * Number, name and phone (or e-mail) in the option and in the chosen value, so that of three
 * "Liam McLoughlin" the right one is taken and seen taken (issue 20); the balance beside.
 */
const toOption = (c: Customer) => ({
  id: c.id,
  label: customerPickLabel(c),
  detail: euro(c.balance),
});

/** `102`, `C102`, `C-000102`: that customer first, if active (README, "At the counter"). */
const EXACT = { id: parseCustomerNumber, query: customerNumber };

/** Picks an active customer by searching the server as you type. */
export function CustomerPicker(props: PickerProps) {
  const t = useT();
  return (
    <SearchPicker
      {...props}
      label={t("pickers.customer")}
      placeholder={t("pickers.customerPlaceholder")}
      sort="lastName"
      useList={useCustomers}
      useItem={useCustomer}
      toOption={toOption}
      exact={EXACT}
    />
  );
}
