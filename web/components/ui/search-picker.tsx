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
  useList: (
    params: ListParams,
    enabled?: boolean,
  ) => {
    data?: { items: T[] };
    isFetching: boolean;
    isPlaceholderData: boolean;
  };
  /** The single-row hook of the resource (e.g. useShop), for the chosen row's label. */
  useItem: (id: number | undefined) => { data?: T };
  toOption: (item: T) => ComboboxOption;
  /**
   * The row the text names exactly (a customer's number: `102`), listed first when it is
   * active: sorted by name it came after the rows whose phone or address holds the same
   * digits, or not among the first 10 at all, and Enter took the first. `id` reads the text;
   * `query` is the search that finds that row alone (`C-000102`), asked of the list (a number
   * nobody has is an empty page, not a 404).
   */
  exact?: { id: (q: string) => number | null; query: (id: number) => string };
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
  exact,
}: SearchPickerProps<T>) {
  const [query, setQuery] = useState("");
  const q = useDebouncedValue(query.trim(), 200);
  const list = useList({ q: q || undefined, status: "ACTIVE", limit: 10, sort });
  const selected = useItem(value ? Number(value) : undefined);
  const exactId = q ? (exact?.id(q) ?? undefined) : undefined;
  const exactQuery = exactId !== undefined ? exact?.query(exactId) : undefined;
  const named = useList(
    { q: exactQuery, status: "ACTIVE", limit: 10, sort },
    exactQuery !== undefined,
  );
  const first = named.data?.items.map(toOption).find((option) => option.id === exactId);
  const options = (list.data?.items ?? []).map(toOption);
  if (first) options.splice(0, options.length, first, ...options.filter((o) => o.id !== exactId));
  // The options answer the text typed now: no debounce pending, no older page shown, and the
  // row it names exactly read (or found not to be there).
  const settled =
    q === query.trim() &&
    list.data !== undefined &&
    !list.isPlaceholderData &&
    !list.isFetching &&
    !(exactQuery !== undefined && (named.isFetching || named.isPlaceholderData));
  return (
    <Combobox
      label={label}
      placeholder={placeholder}
      selectedId={value}
      selectedLabel={selected.data ? toOption(selected.data).label : ""}
      onQueryChange={setQuery}
      loading={list.isFetching && !list.data}
      options={options}
      settled={settled}
      onSelect={(option) => onChange(String(option.id))}
      onAbandon={() => onChange("")}
      error={error}
    />
  );
}
