import { useId } from "react";
import {
  betReturns,
  EACH_WAY_FRACTION_VALUES,
  EACH_WAY_PLACES_MAX,
  EACH_WAY_PLACES_MIN,
  type EachWayFraction,
  type EachWayTerms,
  totalStakeCents,
} from "../../../../src/domain/each-way";
import { SelectField } from "../../../components/ui/field";
import { useT } from "../../../i18n";
import { euroCents } from "../../../lib/format";
import "../../../i18n/areas/bets";

const PLACES = Array.from(
  { length: EACH_WAY_PLACES_MAX - EACH_WAY_PLACES_MIN + 1 },
  (_, i) => EACH_WAY_PLACES_MIN + i,
);

/** What ticking Each-way starts from: the common terms for a handicap of 8 to 15 runners. */
export const DEFAULT_EACH_WAY: EachWayTerms = { places: 3, fraction: "1/4" };

export interface EachWayFieldsProps {
  /** The terms, or null for a win-only bet. */
  value: EachWayTerms | null | undefined;
  onChange: (value: EachWayTerms | null) => void;
  /** The stake typed in the dialog: the unit stake, in cents (0 when none yet). */
  unitCents: number;
  /** The price typed, or null when none (yet) reads as a price. */
  price: { num: number; den: number } | null;
}

/**
 * The bet dialog's each-way part (issue 21 item 6, decision 052): a checkbox, then Places
 * (2 to 8) and Fraction (1/4 or 1/5 the odds), and a read-back of what the bet costs and
 * returns: "Total stake €10.00 (2 × €5.00)", the win part and the place part.
 */
export function EachWayFields({ value, onChange, unitCents, price }: EachWayFieldsProps) {
  const readBackId = useId();
  const t = useT();
  const terms = value ?? null;
  const returns =
    terms && unitCents > 0 && price
      ? betReturns(totalStakeCents(unitCents, terms), price, terms)
      : null;
  return (
    <fieldset className="mb-3" data-testid="each-way-fields">
      <legend className="sr-only">{t("bets.eachWay.legend")}</legend>
      <label className="mb-2 flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={terms !== null}
          aria-describedby={terms ? readBackId : undefined}
          onChange={(event) => onChange(event.target.checked ? DEFAULT_EACH_WAY : null)}
        />
        <span className="text-sm">{t("bets.eachWay.legend")}</span>
      </label>
      {terms && (
        <>
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              label={t("bets.eachWay.places")}
              value={String(terms.places)}
              onChange={(event) => onChange({ ...terms, places: Number(event.target.value) })}
            >
              {PLACES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t("bets.eachWay.fraction")}
              value={terms.fraction}
              onChange={(event) =>
                onChange({ ...terms, fraction: event.target.value as EachWayFraction })
              }
            >
              {EACH_WAY_FRACTION_VALUES.map((f) => (
                <option key={f} value={f}>
                  {t("bets.eachWay.theOdds", { fraction: f })}
                </option>
              ))}
            </SelectField>
          </div>
          <div
            id={readBackId}
            className="-mt-1 text-sm tabular-nums text-base-content/80"
            aria-live="polite"
            data-testid="each-way-read-back"
          >
            {unitCents > 0 ? (
              <p>
                {t("bets.eachWay.total", {
                  total: euroCents(totalStakeCents(unitCents, terms)),
                  unit: euroCents(unitCents),
                })}
              </p>
            ) : (
              <p>{t("bets.eachWay.perPart")}</p>
            )}
            {returns && (
              <p>
                {t("bets.eachWay.returns", {
                  win: euroCents(returns.win),
                  places: terms.places,
                  fraction: terms.fraction,
                  place: euroCents(returns.place),
                })}
              </p>
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}
