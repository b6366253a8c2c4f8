import { useState } from "react";
import { Combobox } from "../../../components/ui/combobox";
import { useDebouncedValue } from "../../../components/ui/use-debounced-value";
import { useShop } from "../api/get-shop";
import { useShops } from "../api/get-shops";

/** Picks an active shop by searching the server as you type. */
export function ShopPicker({
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
  const list = useShops({ q: q || undefined, status: "ACTIVE", limit: 10, sort: "name" });
  const selected = useShop(value ? Number(value) : undefined);
  return (
    <Combobox
      label="Shop"
      placeholder="Search shops by name or location..."
      selectedLabel={selected.data?.name ?? ""}
      query={query}
      onQueryChange={setQuery}
      loading={list.isFetching && !list.data}
      options={(list.data?.items ?? []).map((s) => ({
        id: s.id,
        label: s.name,
        detail: s.location,
      }))}
      onSelect={(option) => onChange(String(option.id))}
      error={error}
    />
  );
}
