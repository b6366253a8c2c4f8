import { type KeyboardEvent, useId, useState } from "react";

export interface ComboboxOption {
  id: number;
  label: string;
  detail?: string;
}

interface ComboboxProps {
  label: string;
  /** Text shown for the chosen option when the input is not being edited. */
  selectedLabel: string;
  query: string;
  onQueryChange: (value: string) => void;
  options: ComboboxOption[];
  loading: boolean;
  onSelect: (option: ComboboxOption) => void;
  error?: string;
  placeholder?: string;
}

/**
 * A search-as-you-type picker (ARIA combobox): the caller searches the server with the
 * typed text, so it works with any number of rows.
 */
export function Combobox({
  label,
  selectedLabel,
  query,
  onQueryChange,
  options,
  loading,
  onSelect,
  error,
  placeholder,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [active, setActive] = useState(0);

  const choose = (option: ComboboxOption) => {
    onSelect(option);
    setOpen(false);
    setEditing(false);
    onQueryChange("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter" && open) {
      const option = options[active];
      if (option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === "Escape" && open) {
      // Close the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="form-control relative mb-3 flex flex-col gap-1">
      <label htmlFor={id} className="label text-sm font-medium text-base-content">
        {label}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={error ? true : undefined}
        aria-activedescendant={open && options[active] ? `${id}-${options[active].id}` : undefined}
        autoComplete="off"
        className={`input input-bordered w-full ${error ? "input-error" : ""}`}
        placeholder={placeholder ?? "Type to search..."}
        value={editing ? query : selectedLabel}
        // Opens on a click or on typing, not on focus: a dialog focuses its first field when
        // it opens, and a list open from the start hid the chosen name and covered the next
        // field, so a click there picked whichever option lay under the pointer.
        onClick={() => setOpen(true)}
        onBlur={() => {
          setTimeout(() => {
            setOpen(false);
            setEditing(false);
          }, 150);
        }}
        onChange={(event) => {
          setEditing(true);
          setOpen(true);
          setActive(0);
          onQueryChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute top-full z-50 mt-1 max-h-60 w-full overflow-y-auto rounded-box bg-base-100 p-1 shadow-lg"
        >
          {loading && <div className="p-2 text-sm">Searching...</div>}
          {!loading && options.length === 0 && <div className="p-2 text-sm">No matches</div>}
          {options.map((option, index) => (
            <div
              key={option.id}
              id={`${id}-${option.id}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className={`cursor-pointer rounded px-3 py-2 ${index === active ? "bg-base-200" : ""}`}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
            >
              <span>
                {option.label}
                {option.detail && (
                  <span className="ml-2 text-xs text-base-content/60">{option.detail}</span>
                )}
              </span>
            </div>
          ))}
        </div>
      )}
      {error && <p className="text-sm text-error">{error}</p>}
    </div>
  );
}
