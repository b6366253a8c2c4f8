import { useState } from "react";
import type { ListParams } from "../../lib/api-client";
import { Combobox, type ComboboxOption } from "./combobox";
import { useDebouncedValue } from "./use-debounced-value";

/** What a form gives a picker: the chosen id as text, and where to report a new one. */
export interface PickerProps {
  value: string;
  onChange: (id: string) => void;
  error?: string;
}

interface SearchPickerProps<T> extends PickerProps {
  label: string;
  placeholder: string;
  /** Sort key of the server list. */
  sort: string;
  /** The list hook of the resource (e.g. useShops), called with the search parameters. */
  useList: (params: ListParams) => {
    data?: { items: T[] };
    isFetching: boolean;
    isPlaceholderData: boolean;
  };
  /** The single-row hook of the resource (e.g. useShop), for the chosen row's label. */
  useItem: (id: number | undefined) => { data?: T };
  toOption: (item: T) => ComboboxOption;
}

/** Picks an active row by searching the server as you type (first 10 matches). */
export function SearchPicker<T>({
  value,
  onChange,
  error,
  label,
  placeholder,
  sort,
  useList,
  useItem,
  toOption,
}: SearchPickerProps<T>) {
  const [query, setQuery] = useState("");
  const q = useDebouncedValue(query.trim(), 200);
  const list = useList({ q: q || undefined, status: "ACTIVE", limit: 10, sort });
  const selected = useItem(value ? Number(value) : undefined);
  // The options answer the text typed now: no debounce pending, no older page shown.
  const settled =
    q === query.trim() && list.data !== undefined && !list.isPlaceholderData && !list.isFetching;
  return (
    <Combobox
      label={label}
      placeholder={placeholder}
      selectedId={value}
      selectedLabel={selected.data ? toOption(selected.data).label : ""}
      onQueryChange={setQuery}
      loading={list.isFetching && !list.data}
      options={(list.data?.items ?? []).map(toOption)}
      settled={settled}
      onSelect={(option) => onChange(String(option.id))}
      onAbandon={() => onChange("")}
      error={error}
    />
  );
}
