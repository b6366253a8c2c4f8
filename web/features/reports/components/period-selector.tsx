import { SelectField } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { usePeriods } from "../api/get-periods";
import type { PeriodChoice, PeriodType } from "../api/types";

const PERIOD_TYPES: { value: PeriodType; label: string }[] = [
  { value: "all", label: "Totals" },
  { value: "year", label: "By Year" },
  { value: "month", label: "By Month" },
  { value: "week", label: "By Week" },
];

const VALUE_LABEL: Record<Exclude<PeriodType, "all">, string> = {
  year: "Year",
  month: "Month",
  week: "Week",
};

/** Changing the period type clears the chosen year, month and week. */
export function PeriodSelector({
  choice,
  onChange,
  enabled,
}: {
  choice: PeriodChoice;
  onChange: (choice: PeriodChoice) => void;
  enabled: boolean;
}) {
  const periods = usePeriods(enabled && choice.type !== "all");
  const options =
    choice.type === "year"
      ? (periods.data?.years ?? []).map((year) => ({ value: String(year), label: String(year) }))
      : choice.type === "month"
        ? (periods.data?.months ?? [])
        : (periods.data?.weeks ?? []);
  return (
    <div className="flex flex-wrap gap-4">
      <div className="w-48">
        <SelectField
          label="Time Period"
          value={choice.type}
          onChange={(event) => onChange({ type: event.target.value as PeriodType, value: "" })}
        >
          {PERIOD_TYPES.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </SelectField>
      </div>
      {choice.type !== "all" && (
        <div className="w-56">
          <SelectField
            label={VALUE_LABEL[choice.type]}
            value={choice.value}
            error={periods.error ? errorMessage(periods.error) : undefined}
            onChange={(event) => onChange({ type: choice.type, value: event.target.value })}
          >
            <option value="">Select {VALUE_LABEL[choice.type].toLowerCase()}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        </div>
      )}
    </div>
  );
}
