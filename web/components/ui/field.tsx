import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { useT } from "../../i18n";
import { useNumberLocale } from "../../lib/locale";
import {
  formatPriceReadBack,
  formatReadBack,
  readTypedAmount,
  readTypedPrice,
} from "../../lib/money-input";
import { translateValidation } from "../../lib/validation";
import { useFocusKeptThroughPending } from "./use-focus-kept-through-pending";

interface FieldShellProps {
  label: string;
  error?: string;
  /** A line under the control that is not an error (e.g. the parsed amount). */
  hint?: string;
  id: string;
  children: ReactNode;
}

/**
 * Label tied to its control, and the validation message under it, in the language shown
 * (the schemas' English messages are translated here, web/lib/validation.ts).
 */
function FieldShell({ label, error, hint, id, children }: FieldShellProps) {
  useT();
  return (
    <div className="form-control mb-3 flex flex-col gap-1">
      <label htmlFor={id} className="label text-sm font-medium text-base-content">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p
          id={`${id}-hint`}
          className="text-sm tabular-nums text-base-content/80"
          aria-live="polite"
        >
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {translateValidation(error)}
        </p>
      )}
    </div>
  );
}

type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: string;
};

export const InputField = forwardRef<HTMLInputElement, InputFieldProps>(function InputField(
  { label, error, hint, className, ...props },
  ref,
) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      <input
        ref={ref}
        id={id}
        className={`input input-bordered w-full ${error ? "input-error" : ""} ${className ?? ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
    </FieldShell>
  );
});

type MoneyFieldProps = Omit<InputFieldProps, "type" | "inputMode" | "hint"> & {
  /** What is typed now (from the form's watch()), read back as money beside the field. */
  typed: unknown;
  /** Euros ("= €1,000.50") or a price in both forms ("= 5/2, 3.50"), in the user's locale. */
  kind?: "euro" | "odds";
};

/**
 * An amount typed as text with a decimal keyboard: no spinner, and a mouse wheel cannot
 * change it. What is typed is read by the user's locale (web/lib/money-input.ts: "1.005" is
 * 1005.00 in de, too many decimals in en) and shown back in that locale's format before
 * submit; the form's resolver (withTypedAmounts) reads it the same way.
 */
export const MoneyField = forwardRef<HTMLInputElement, MoneyFieldProps>(function MoneyField(
  { typed, kind = "euro", ...props },
  ref,
) {
  const locale = useNumberLocale();
  const blank = typeof typed !== "string" || typed.trim() === "";
  let hint: string | undefined;
  if (!blank && kind === "odds") {
    // A price in both forms (decision 048): "= 5/2, 3.50".
    const price = readTypedPrice(typed as string, locale);
    hint = price.ok ? formatPriceReadBack(price.price, locale) : undefined;
  } else if (!blank) {
    const parsed = readTypedAmount(typed as string, locale, "money");
    hint = parsed.ok ? formatReadBack(parsed.cents, locale, "money") : undefined;
  }
  return (
    <InputField
      ref={ref}
      type="text"
      // Odds take a "/" (5/2) or a word (evens): no decimal-only keyboard for them.
      inputMode={kind === "odds" ? "text" : "decimal"}
      autoComplete="off"
      spellCheck={false}
      className="tabular-nums"
      hint={hint}
      {...props}
    />
  );
});

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
};

export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  function TextareaField({ label, error, ...props }, ref) {
    const id = useId();
    return (
      <FieldShell label={label} error={error} id={id}>
        <textarea
          ref={ref}
          id={id}
          className={`textarea textarea-bordered w-full ${error ? "textarea-error" : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
      </FieldShell>
    );
  },
);

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  children: ReactNode;
};

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, children, ...props },
  ref,
) {
  const id = useId();
  return (
    <FieldShell label={label} error={error} id={id}>
      <select
        ref={ref}
        id={id}
        className={`select select-bordered w-full ${error ? "select-error" : ""}`}
        aria-invalid={error ? true : undefined}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
  );
});

type CheckboxFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string };

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(
  function CheckboxField({ label, ...props }, ref) {
    return (
      <label className="mb-3 flex cursor-pointer items-center gap-2">
        <input ref={ref} type="checkbox" className="checkbox checkbox-sm" {...props} />
        <span className="text-sm">{label}</span>
      </label>
    );
  },
);

/**
 * Cancel and submit buttons at the foot of a dialog form. The submit button, pressed from the
 * keyboard and refused by the server, has the focus again (useFocusKeptThroughPending).
 */
export function FormActions({
  onCancel,
  pending,
  label,
  pendingLabel,
  disabled,
  destructive,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
  disabled?: boolean;
  destructive?: boolean;
}) {
  const t = useT();
  const submit = useFocusKeptThroughPending(pending);
  return (
    <div className="modal-action">
      <button type="button" className="btn" onClick={onCancel}>
        {t("common.cancel")}
      </button>
      <button
        ref={submit}
        type="submit"
        className={`btn ${destructive ? "btn-error" : "btn-primary"}`}
        disabled={pending || disabled}
      >
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
