import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

interface FieldShellProps {
  label: string;
  error?: string;
  id: string;
  children: ReactNode;
}

/** Label tied to its control, and the validation message under it. */
function FieldShell({ label, error, id, children }: FieldShellProps) {
  return (
    <div className="form-control mb-3 flex flex-col gap-1">
      <label htmlFor={id} className="label text-sm font-medium text-base-content">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

export const InputField = forwardRef<HTMLInputElement, InputFieldProps>(function InputField(
  { label, error, className, ...props },
  ref,
) {
  const id = useId();
  return (
    <FieldShell label={label} error={error} id={id}>
      <input
        ref={ref}
        id={id}
        className={`input input-bordered w-full ${error ? "input-error" : ""} ${className ?? ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
    </FieldShell>
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

/** Cancel and submit buttons at the foot of a dialog form. */
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
  return (
    <div className="modal-action">
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button
        type="submit"
        className={`btn ${destructive ? "btn-error" : "btn-primary"}`}
        disabled={pending || disabled}
      >
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
