import { useCombobox } from "downshift";
import { useEffect, useRef, useState } from "react";
import { currentLanguage, useT } from "../../i18n";
import { translateValidation } from "../../lib/validation";
import "../../i18n/areas/ui";

export interface ComboboxOption {
  id: number;
  label: string;
  detail?: string;
}

interface ComboboxProps {
  label: string;
  /** The chosen option's id ("" for none) and its label ("" while it loads). */
  selectedId: string;
  selectedLabel: string;
  /** Called with the typed text as it changes (the caller searches with it). */
  onQueryChange: (value: string) => void;
  options: ComboboxOption[];
  loading: boolean;
  /** The options are the results for the text typed now (no search pending or in flight). */
  settled: boolean;
  onSelect: (option: ComboboxOption) => void;
  /** Typed text was left without choosing: the chosen value is cleared, the text stays. */
  onAbandon: () => void;
  error?: string;
  placeholder?: string;
}

/**
 * A search-as-you-type picker following the WAI-ARIA combobox pattern (Downshift's
 * useCombobox): the first ArrowDown highlights the first option, Enter takes the highlighted
 * option of the results for the text typed now (while a search is pending it waits for
 * them), and leaving the field with typed text and no choice marks it invalid instead of
 * silently keeping or dropping a value. The caller searches the server with the typed text,
 * so it works with any number of rows.
 */
export function Combobox({
  label,
  selectedId,
  selectedLabel,
  onQueryChange,
  options,
  loading,
  settled,
  onSelect,
  onAbandon,
  error,
  placeholder,
}: ComboboxProps) {
  // What is typed, set in the input's own change handler (synchronously, before Downshift's
  // state catches up) so that fast typing never loses a character.
  const [typed, setTyped] = useState<string | null>(null);
  // The option just picked, shown until its row (selectedLabel) has loaded.
  const [picked, setPicked] = useState<ComboboxOption | null>(null);
  const [enterPending, setEnterPending] = useState(false);
  const [abandoned, setAbandoned] = useState(false);
  // A submit of the form made while an Enter waited for its results (issue 20: the shop typed
  // in full, Enter, then Place Bet at once): held, and made again once the choice is in.
  const [heldSubmit, setHeldSubmit] = useState<{ submitter: HTMLElement | null } | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const enterPendingRef = useRef(false);
  enterPendingRef.current = enterPending;
  // What the keys did, known at once: the field's blur (Tab straight after Enter) can come
  // before React has rendered the Enter's choice, and the state of the last render would say
  // the text was left unchosen. `typedNow` is `typed` as last set; `enterChoice`, the option
  // an Enter on the shown results takes, until that choice is made.
  const typedNow = useRef<string | null>(null);
  const enterChoice = useRef<ComboboxOption | null>(null);
  const editing = typed !== null && typed.trim() !== "";
  const t = useT();
  // The field's name inside a sentence: lower case in English ("Choose a shop"), as it is in
  // German, whose nouns keep their capital ("Filiale aus der Liste wählen").
  const noun = currentLanguage() === "en" ? label.toLowerCase() : label;

  const choose = (option: ComboboxOption) => {
    enterChoice.current = null;
    typedNow.current = null;
    setPicked(option);
    setTyped(null);
    setAbandoned(false);
    setEnterPending(false);
    onQueryChange("");
    onSelect(option);
  };

  const {
    isOpen,
    highlightedIndex,
    getLabelProps,
    getInputProps,
    getMenuProps,
    getItemProps,
    closeMenu,
  } = useCombobox<ComboboxOption>({
    items: options,
    itemToString: (option) => option?.label ?? "",
    selectedItem: null,
    inputValue:
      typed ?? (selectedLabel || (picked && String(picked.id) === selectedId ? picked.label : "")),
    // While typing, the first result is the one Enter takes.
    defaultHighlightedIndex: editing ? 0 : undefined,
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) choose(selectedItem);
    },
    stateReducer: (state, { type, changes }) => {
      // Leaving the field never picks whatever happened to be highlighted, and keeps what
      // was typed (marked invalid below) rather than silently restoring or clearing it.
      if (type === useCombobox.stateChangeTypes.InputBlur) {
        return { ...changes, selectedItem: null, inputValue: state.inputValue };
      }
      return changes;
    },
  });

  // An Enter pressed while the search ran takes the first result once it is in, and closes
  // the list as Enter on a shown result does (left open, it would show the unfiltered rows
  // over the dialog); none is a refusal the field states (never a silent one).
  useEffect(() => {
    if (!enterPending || !settled) return;
    setEnterPending(false);
    const option = options[0];
    if (option) {
      choose(option);
      closeMenu();
    } else {
      setAbandoned(true);
      onAbandon();
    }
  });

  // Holds a submit made while an Enter is pending: the form would read the value from before
  // the choice (empty, or another row) and refuse it, or take the wrong one. The form's own
  // submit handler (React's, at the root) never sees the held event.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const hold = (event: SubmitEvent) => {
      if (!enterPendingRef.current) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setHeldSubmit({ submitter: event.submitter });
    };
    form.addEventListener("submit", hold);
    return () => form.removeEventListener("submit", hold);
  }, []);

  // The choice is in (or refused): the held submit goes now, with the value chosen.
  useEffect(() => {
    if (!heldSubmit || enterPending) return;
    setHeldSubmit(null);
    const { submitter } = heldSubmit;
    const form = inputRef.current?.form;
    if (!form) return;
    if (submitter?.isConnected && form.contains(submitter)) {
      form.requestSubmit(submitter);
    } else form.requestSubmit();
  }, [heldSubmit, enterPending]);

  const inputProps = getInputProps({
    ref: inputRef,
    placeholder: placeholder ?? t("ui.combobox.placeholder"),
    autoComplete: "off",
    "aria-invalid": error || abandoned ? true : undefined,
    // Text typed and not yet chosen: the value is not the field's until a result is taken
    // (the browser suite waits on it, since the typed text can already read like the choice).
    "data-typing": editing ? "true" : undefined,
    onChange: (event) => {
      const text = (event.target as HTMLInputElement).value;
      typedNow.current = text;
      enterChoice.current = null;
      setTyped(text);
      setAbandoned(false);
      onQueryChange(text);
    },
    onKeyDown: (event) => {
      if (event.key === "Enter" && editing && !settled) {
        // The list still shows the previous text's results: wait for this text's.
        (
          event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }
        ).preventDownshiftDefault = true;
        event.preventDefault();
        enterPendingRef.current = true;
        setEnterPending(true);
      } else if (event.key === "Enter" && isOpen && highlightedIndex >= 0) {
        // Downshift takes the highlighted option; its choice reaches `choose` only after a
        // render, which a Tab pressed at once can come before.
        enterChoice.current = options[highlightedIndex] ?? null;
      } else if (event.key === "Escape" && isOpen) {
        // Close the list, not the dialog around it.
        event.stopPropagation();
      } else if (event.key === "Escape") {
        // With the list closed, Escape is the dialog's: never clear the chosen value.
        (
          event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }
        ).preventDownshiftDefault = true;
      }
    },
    onBlur: () => {
      // An Enter already pressed still takes this text's first result when it arrives.
      if (enterPendingRef.current) return;
      // An Enter on the shown results chose: that choice stands, whatever key came next (a
      // blur in the same render as the Enter would otherwise undo Downshift's selection).
      const entered = enterChoice.current;
      if (entered) choose(entered);
      else if (typedNow.current !== null && typedNow.current.trim() !== "") {
        setAbandoned(true);
        onAbandon();
      }
      closeMenu();
    },
  });

  const message = abandoned
    ? t("ui.combobox.chooseFromList", { label: noun })
    : heldSubmit || !error
      ? undefined
      : translateValidation(error);
  const labelProps = getLabelProps();
  return (
    <div className="form-control relative mb-3 flex flex-col gap-1">
      <label
        id={labelProps.id}
        htmlFor={labelProps.htmlFor}
        className="label text-sm font-medium text-base-content"
      >
        {label}
      </label>
      <input
        {...inputProps}
        className={`input input-bordered w-full ${message ? "input-error" : ""}`}
      />
      <div
        {...getMenuProps({
          "aria-labelledby": undefined,
          "aria-label": t("ui.combobox.results", { label }),
          // Never a Tab stop: the focus stays in the field (its options are reached with the
          // arrows), though Chromium makes a scrolling box focusable by itself; Tab from the
          // field landed on the list, which its blur then hid, and the focus fell to the page.
          tabIndex: -1,
        })}
        hidden={!isOpen}
        className="absolute top-full z-50 mt-1 max-h-60 w-full overflow-y-auto rounded-box bg-base-100 p-1 shadow-lg"
      >
        {isOpen && loading && <div className="p-2 text-sm">{t("ui.combobox.searching")}</div>}
        {isOpen && !loading && options.length === 0 && (
          <div className="p-2 text-sm">{t("ui.combobox.noMatches")}</div>
        )}
        {isOpen &&
          options.map((option, index) => (
            <div
              key={option.id}
              {...getItemProps({ item: option, index })}
              className={`cursor-pointer rounded px-3 py-2 ${index === highlightedIndex ? "bg-base-200" : ""}`}
            >
              <span>
                {option.label}
                {option.detail && (
                  <span className="ml-2 text-xs text-base-content/80">{option.detail}</span>
                )}
              </span>
            </div>
          ))}
      </div>
      {message && <p className="text-sm text-error">{message}</p>}
      {heldSubmit && (
        <p role="status" className="text-sm">
          {t("ui.combobox.finding", { label: noun, typed: typed?.trim() ?? "" })}
        </p>
      )}
    </div>
  );
}
