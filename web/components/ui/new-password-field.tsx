import { forwardRef, type InputHTMLAttributes, useEffect, useId, useMemo, useState } from "react";
import type { PasswordVerdict } from "../../../src/domain/password-policy";
import { i18n, useT } from "../../i18n";
import { translateValidation } from "../../lib/validation";
import "../../i18n/areas/ui";

type Strength = typeof import("../../../src/domain/password-strength");

let strength: Promise<Strength> | null = null;
/** Once loaded, a form opened later has its meter from the first render. */
let loaded: Strength | null = null;

/**
 * The estimator and its dictionaries (about 1.2 MB gzipped) by a dynamic import, once: only the
 * screens with a password form fetch them, never the first screen (decision 046). A failed
 * fetch is forgotten, so the next form tries again; meanwhile the server still judges.
 */
export function loadPasswordStrength(): Promise<Strength> {
  strength ??= import("../../../src/domain/password-strength").then(
    (module) => {
      loaded = module;
      return module;
    },
    (err: unknown) => {
      strength = null;
      throw err;
    },
  );
  return strength;
}

/**
 * The server's password rules (src/domain/password-policy.ts) applied to what is typed:
 * undefined while nothing is typed or the estimator is still loading.
 */
export function usePasswordVerdict(
  password: string,
  username: string,
): PasswordVerdict | undefined {
  const [estimator, setEstimator] = useState<Strength | null>(() => loaded);
  useEffect(() => {
    if (estimator) return;
    let live = true;
    loadPasswordStrength().then(
      (loaded) => {
        if (live) setEstimator(loaded);
      },
      // The meter stays empty; the server's answer still says why a password is refused.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [estimator]);
  return useMemo(
    () => (password && estimator ? estimator.checkPassword(password, username) : undefined),
    [password, username, estimator],
  );
}

/**
 * What the meter says in words, in the language shown: the reason a password is refused,
 * else how strong it is ("Strong password").
 */
export function verdictText(verdict: PasswordVerdict | undefined, typed: boolean): string {
  if (!typed) return "";
  if (!verdict) return i18n.t("ui.password.checking");
  if (verdict.problem) return translateValidation(verdict.problem);
  return i18n.t("ui.password.verdict", { strength: i18n.t(`ui.password.score.${verdict.score}`) });
}

type NewPasswordFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  /** What is typed now (the form's watch()), for "Checking strength..." before the verdict. */
  typed: string;
  verdict: PasswordVerdict | undefined;
};

/**
 * A new password with its strength as it is typed (issue 25 item 6): the field, a <meter>
 * labelled "Password strength" (0-4, red below 2, amber at 2, green from 3, the lowest the
 * server accepts), and the verdict in words in a polite live region that also describes the
 * field. A form error (on submit, or from the server) shows in its place.
 */
export const NewPasswordField = forwardRef<HTMLInputElement, NewPasswordFieldProps>(
  function NewPasswordField({ label, error, typed, verdict, className, ...props }, ref) {
    const id = useId();
    const t = useT();
    const text = verdictText(verdict, typed !== "");
    const score = typed && verdict ? verdict.score : 0;
    return (
      <div className="form-control mb-3 flex flex-col gap-1">
        <label htmlFor={id} className="label text-sm font-medium text-base-content">
          {label}
        </label>
        <input
          ref={ref}
          id={id}
          type="password"
          autoComplete="new-password"
          className={`input input-bordered w-full ${error ? "input-error" : ""} ${className ?? ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-strength`}
          {...props}
        />
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={`${id}-meter`} className="shrink-0 text-base-content/80">
            {t("ui.password.strength")}
          </label>
          <meter
            id={`${id}-meter`}
            className="h-2 w-full"
            min={0}
            max={4}
            low={2}
            high={3}
            optimum={4}
            value={score}
            aria-valuetext={text || t("ui.password.nothingTyped")}
          />
        </div>
        <p
          id={`${id}-strength`}
          className={`min-h-5 text-sm text-base-content/80 ${error ? "sr-only" : ""}`}
          aria-live="polite"
        >
          {error ? "" : text}
        </p>
        {error && (
          <p id={`${id}-error`} className="text-sm text-error">
            {translateValidation(error)}
          </p>
        )}
      </div>
    );
  },
);
