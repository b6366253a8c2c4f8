import { useState } from "react";
import { Combobox } from "../../../components/ui/combobox";
import { useDebouncedValue } from "../../../components/ui/use-debounced-value";
import { euro, fullName } from "../../../lib/format";
import { useCustomer } from "../api/get-customer";
import { useCustomers } from "../api/get-customers";

/** Picks an active customer by searching the server as you type. */
export function CustomerPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const [query, setQuery] = useState("");
  const q = useDebouncedValue(query.trim(), 200);
  const list = useCustomers({ q: q || undefined, status: "ACTIVE", limit: 10, sort: "lastName" });
  const selected = useCustomer(value ? Number(value) : undefined);
  return (
    <Combobox
      label="Customer"
      placeholder="Search customers by name, email or phone..."
      selectedLabel={selected.data ? fullName(selected.data) : ""}
      query={query}
      onQueryChange={setQuery}
      loading={list.isFetching && !list.data}
      options={(list.data?.items ?? []).map((c) => ({
        id: c.id,
        label: fullName(c),
        detail: `${c.email ?? c.phone ?? ""} ${euro(c.balance)}`.trim(),
      }))}
      onSelect={(option) => onChange(String(option.id))}
      error={error}
    />
  );
}
