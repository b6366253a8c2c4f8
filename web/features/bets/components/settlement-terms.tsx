/**
 * Dead heats and Rule 4 on the web (decision 084): the settle and re-settle dialogs' fields,
 * what they make of what was typed, and how a settlement's terms read on the bet's page, its
 * history and its slip. The maths stays in src/domain (settledReturnCents).
 */
import { useId, useState } from "react";
import { NO_TERMS, RULE4_MAX, type SettlementTerms } from "../../../../src/domain/settlement-terms";
import { InputField, SelectField } from "../../../components/ui/field";
import { i18n, useT } from "../../../i18n";
import "../../../i18n/areas/bets";

/** The dead heats a counter meets: two, three or four tying for one place, three for two. */
const DEAD_HEATS = ["1/2", "1/3", "1/4", "2/3", "3/4"];

/** The terms as a settlement stores them (null parts: none); absent fields read as none. */
type StoredTerms = {
  deadHeat?: { win: string | null; place: string | null } | null;
  rule4Deduction?: number | null;
};

/**
 * "dead heat 1/2 on the win part, Rule 4: 25c in the €" in the language showing; "" for
 * none. An old answer without the fields (before decision 084) reads as none.
 */
export function termsText(terms: StoredTerms | null | undefined): string {
  if (!terms) return "";
  const parts: string[] = [];
  const win = terms.deadHeat?.win;
  const place = terms.deadHeat?.place;
  if (win) parts.push(i18n.t("bets.terms.deadHeatWin", { fraction: win }));
  if (place) parts.push(i18n.t("bets.terms.deadHeatPlace", { fraction: place }));
  if (terms.rule4Deduction) {
    parts.push(i18n.t("bets.terms.rule4Text", { cents: terms.rule4Deduction }));
  }
  return parts.join(", ");
}

/** The terms as a line of their own: the first letter raised ("Dead heat 1/2 …"). */
export function termsLine(terms: StoredTerms | null | undefined): string {
  const text = termsText(terms);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the fields hold, as typed: "" for no dead heat and for no Rule 4. */
export interface TermsInput {
  win: string;
  place: string;
  rule4: string;
}

/** The fields' state, starting from `initial` (a re-settlement starts from the bet's terms). */
export function useTermsInput(initial: StoredTerms = NO_TERMS) {
  const [input, setInput] = useState<TermsInput>({
    win: initial.deadHeat?.win ?? "",
    place: initial.deadHeat?.place ?? "",
    rule4: initial.rule4Deduction ? String(initial.rule4Deduction) : "",
  });
  return { input, setInput };
}

/**
 * The terms the fields say for a settlement as `status` of a bet (each-way or not): a win
 * part's dead heat only for Won, a place part's only for an each-way bet, none for Lost or
 * Void. `rule4Error` when the deduction is not a whole number from 0 to 90 (0 is none); the
 * terms then leave it out, and the dialog sends nothing.
 */
export function readTerms(
  input: TermsInput,
  status: string,
  eachWay: boolean,
): { terms: SettlementTerms; rule4Error: boolean } {
  if (status !== "WON" && status !== "PLACED") return { terms: NO_TERMS, rule4Error: false };
  const win = status === "WON" && input.win ? input.win : null;
  const place = eachWay && input.place ? input.place : null;
  const typed = input.rule4.trim();
  const cents = /^\d{1,3}$/.test(typed) ? Number(typed) : Number.NaN;
  const rule4Error = typed !== "" && !(cents >= 0 && cents <= RULE4_MAX);
  return {
    terms: {
      deadHeat: win || place ? { win, place } : null,
      rule4Deduction: !rule4Error && cents > 0 ? cents : null,
    },
    rule4Error,
  };
}

/**
 * The terms as the API takes them: only what is set (a settlement without terms sends
 * neither field, as before decision 084).
 */
export function termsBody(terms: SettlementTerms): {
  deadHeat?: { win?: string; place?: string };
  rule4Deduction?: number;
} {
  const body: { deadHeat?: { win?: string; place?: string }; rule4Deduction?: number } = {};
  const win = terms.deadHeat?.win;
  const place = terms.deadHeat?.place;
  if (win || place) body.deadHeat = { ...(win ? { win } : {}), ...(place ? { place } : {}) };
  if (terms.rule4Deduction) body.rule4Deduction = terms.rule4Deduction;
  return body;
}

/** A dead heat select: None and the common fractions (and a stored one not among them). */
function DeadHeatSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const choices = value && !DEAD_HEATS.includes(value) ? [...DEAD_HEATS, value] : DEAD_HEATS;
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t("bets.terms.none")}</option>
      {choices.map((fraction) => (
        <option key={fraction} value={fraction}>
          {fraction}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * "Dead heat or Rule 4", closed until opened (most settlements have neither): the win part's
 * dead heat (Won only), the place part's (each-way bets only) and the Rule 4 deduction, with
 * its error under it when out of range.
 */
export function SettlementTermsFields({
  input,
  setInput,
  status,
  eachWay,
  rule4Error,
}: {
  input: TermsInput;
  setInput: (input: TermsInput) => void;
  status: "WON" | "PLACED";
  eachWay: boolean;
  rule4Error: boolean;
}) {
  const t = useT();
  const set = (changes: Partial<TermsInput>) => setInput({ ...input, ...changes });
  // Open at first when the terms are already set (a re-settlement of a bet that had them).
  const [open, setOpen] = useState(input.win !== "" || input.place !== "" || input.rule4 !== "");
  const id = useId();
  return (
    <details
      className="mt-3 rounded-box border border-base-300 px-3 py-2"
      // A Rule 4 out of range keeps the panel open: its error is what stops Confirm.
      open={open || rule4Error}
      onToggle={(event) => {
        const details = event.currentTarget;
        // Closed with a Rule 4 out of range: open again, its error in view.
        if (!details.open && rule4Error) details.open = true;
        setOpen(details.open);
      }}
      data-testid="settlement-terms"
    >
      <summary className="cursor-pointer font-medium" id={id}>
        {t("bets.terms.disclosure")}
      </summary>
      <fieldset className="mt-2" aria-labelledby={id}>
        {status === "WON" && (
          <DeadHeatSelect
            label={t("bets.terms.winDeadHeat")}
            value={input.win}
            onChange={(win) => set({ win })}
          />
        )}
        {eachWay && (
          <DeadHeatSelect
            label={t("bets.terms.placeDeadHeat")}
            value={input.place}
            onChange={(place) => set({ place })}
          />
        )}
        {/* Text, not type="number": a browser empties a number field it cannot read ("25c"),
            which would settle without the deduction; here what was typed is checked. */}
        <InputField
          label={t("bets.terms.rule4")}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={input.rule4}
          hint={t("bets.terms.rule4Hint")}
          error={rule4Error ? t("bets.terms.rule4Range") : undefined}
          onChange={(event) => set({ rule4: event.target.value })}
        />
      </fieldset>
    </details>
  );
}
